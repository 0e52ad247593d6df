import type { ReactNode } from 'react';

/** Tag colours with text that passes WCAG AA (antd's preset tag colours do not). */
export const TONES = {
  green: { color: '#166534', background: '#dcfce7', border: '#bbf7d0' },
  blue: { color: '#1e40af', background: '#dbeafe', border: '#bfdbfe' },
  red: { color: '#991b1b', background: '#fee2e2', border: '#fecaca' },
  orange: { color: '#9a3412', background: '#ffedd5', border: '#fed7aa' },
  gold: { color: '#854d0e', background: '#fef9c3', border: '#fde68a' },
  teal: { color: '#115e59', background: '#ccfbf1', border: '#99f6e4' },
  purple: { color: '#6b21a8', background: '#f3e8ff', border: '#e9d5ff' },
  gray: { color: '#334155', background: '#f1f5f9', border: '#e2e8f0' },
} as const;

export type Tone = keyof typeof TONES;

export function ToneTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  const { color, background, border } = TONES[tone];
  return (
    <span
      style={{
        display: 'inline-block',
        padding: '1px 8px',
        borderRadius: 6,
        border: `1px solid ${border}`,
        background,
        color,
        fontSize: 12,
        lineHeight: '20px',
        fontWeight: 500,
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </span>
  );
}

/** 'Activo' or 'Inactivo': a record's status switch (a boolean, or 1 and 0 where the API says so). */
export function ActiveTag({ active }: { active: boolean | number }) {
  return active === true || active === 1 ? (
    <ToneTag tone="teal">Activo</ToneTag>
  ) : (
    <ToneTag tone="gray">Inactivo</ToneTag>
  );
}
