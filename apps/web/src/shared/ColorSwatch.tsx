/** A cabin type's colour (hex without '#', spec 000 §3) as a small square. */
export function ColorSwatch({ hex, size = 20 }: { hex: string; size?: number }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: 6,
        background: `#${hex}`,
        border: '1px solid rgba(0,0,0,0.12)',
        verticalAlign: 'middle',
      }}
    />
  );
}
