import { customer } from '../../db/schema';
import { searchDigits, searchFolded } from '../../platform/list';

/**
 * The customers' search columns, shared by every list of customers (the loyalty lists too): the
 * folds are stored (generated columns with trigram indexes, migration customer_folded_search), as
 * the log's are; `name` is the full name ("Ana López" finds Ana López Pérez). Phones are digits,
 * searched by the text's digits (a name does not scan them); an e-mail has no spaces (a full name
 * does not scan it).
 */
export const customerSearch = {
  name: searchFolded(customer.nameFolded),
  mobilePhone: searchDigits(customer.mobilePhone),
  phone: searchDigits(customer.phone),
  email: searchFolded(customer.emailFolded, (value) => !/\s/.test(value)),
};
