/**
 * Remember-me (spec 000 §2): the sign-in form's values stay in the browser while the box is
 * checked and are removed when it is unchecked. The password is left to the browser's own
 * password manager: a clinic computer is shared, and localStorage is readable by any script.
 */

export interface RememberedSignIn {
  branchId?: number;
  code?: string | null;
  username?: string;
}

const KEY = 'clinica.rememberedSignIn';

export function readRememberedSignIn(): RememberedSignIn | null {
  try {
    const text = localStorage.getItem(KEY);
    return text ? (JSON.parse(text) as RememberedSignIn) : null;
  } catch {
    return null;
  }
}

export function rememberSignIn(values: {
  branchId?: number;
  code?: string | null;
  username?: string;
}): void {
  const { branchId, code, username } = values;
  localStorage.setItem(KEY, JSON.stringify({ branchId, code: code || null, username }));
}

export function forgetSignIn(): void {
  localStorage.removeItem(KEY);
}
