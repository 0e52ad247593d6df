import { API_BASE } from './api/client';

export function initialsOf(fullname: string): string {
  const words = fullname.trim().split(/\s+/).filter(Boolean);
  const letters = (words[0]?.[0] ?? '') + (words[1]?.[0] ?? '');
  return letters.toUpperCase() || '?';
}

/** A staff photo's thumbnail (spec 000 §7: GET /v1/user/photo/thumbnail/{name}). */
export function photoUrl(name: string): string {
  return `${API_BASE}/user/photo/thumbnail/${encodeURIComponent(name)}`;
}

export function fullNameOf(person: {
  name: string;
  lastName?: string | null;
  motherLastName?: string | null;
}): string {
  return [person.name, person.lastName, person.motherLastName].filter(Boolean).join(' ');
}
