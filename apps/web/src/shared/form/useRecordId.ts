import { useParams } from 'react-router';

/** Which record a form page shows: none at `/crear`, else the number in `/{id}`. */
export interface RecordId {
  /** The page edits (or shows) a saved record rather than creating one. */
  editing: boolean;
  /** The record's id when editing (`NaN` when the address holds no number); null on `/crear`. */
  id: number | null;
  /** Editing, but the address is not a positive whole number: no such record can exist. */
  invalid: boolean;
}

/**
 * The record of a form page at `/crear` and `/{id}` (STYLE: every form is one page component at
 * both), read from the address once here rather than in each page.
 */
export function useRecordId(): RecordId {
  const { id: segment } = useParams<{ id?: string }>();
  const editing = segment !== undefined && segment !== 'crear';
  const id = editing ? Number(segment) : null;
  return { editing, id, invalid: editing && !(Number.isInteger(id) && (id ?? 0) > 0) };
}
