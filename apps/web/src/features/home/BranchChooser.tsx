import { useBranchOptions } from '../../shared/lookups/branches';

/**
 * For the chain's roles: the whole chain, or one branch in full (`?sucursal=<id>` on the home).
 * A native select: light on the home's load, and a phone's own picker.
 */
export function BranchChooser({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (branchId: number | null) => void;
}) {
  const branches = useBranchOptions();
  return (
    <div className="home-day__chooser">
      <label htmlFor="home-branch">Ver sucursal</label>
      <select
        id="home-branch"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">Toda la cadena</option>
        {(branches.data ?? []).map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.name}
          </option>
        ))}
        {value !== null && !branches.data?.some((branch) => branch.id === value) && (
          <option value={value}>Sucursal {value}</option>
        )}
      </select>
    </div>
  );
}
