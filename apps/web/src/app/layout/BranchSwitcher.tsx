import { useEffect, useState } from 'react';
import { Button, Dropdown } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useBranchOptions } from '../../shared/lookups/branches';
import { notifyError, showNotice } from '../../shared/notify';
import { focusMenuOf, preventKeyThrough } from '../../shared/focusMenu';
import { renewSession } from '../../shared/session/renew';
import { getSession, startSession } from '../../shared/session/store';
import { useSession } from '../../shared/session/hooks';
import { queryClient } from '../queryClient';
import { switchesBranch } from './branchSwitch';

export { switchesBranch };

/**
 * The header's branch picker for roles that sign in anywhere: the session moves to the chosen
 * branch (a new token pair from the API) without signing out, and every screen reloads its data.
 */
export function BranchSwitcher({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const session = useSession();
  const allowed = switchesBranch(session?.user.role);
  const branches = useBranchOptions(allowed);
  // Open on arrival when its button was clicked before this code arrived.
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => {
    if (defaultOpen) focusMenuOf('branch-menu');
  }, [defaultOpen]);
  if (!session || !allowed) return null;
  const current = session.user.branchId;

  async function switchTo(branchId: number) {
    try {
      // A renewal due now happens first, so the refresh token sent is the current one.
      await renewSession();
      const refreshToken = getSession()?.refreshToken;
      if (!refreshToken) return;
      const { switchBranchCall } = await import('../../shared/session/authCalls');
      const { data } = await switchBranchCall(refreshToken, branchId);
      const next = startSession(data);
      await queryClient.resetQueries();
      if (next) showNotice('success', `Ahora trabajas en la sucursal ${next.user.branch}.`);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <Dropdown
      trigger={['click']}
      rootClassName="branch-menu"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) focusMenuOf('branch-menu');
      }}
      menu={{
        selectable: true,
        selectedKeys: [String(current)],
        items: (branches.data ?? []).map((branch) => ({
          key: String(branch.id),
          label: branch.name,
        })),
        onClick: ({ key, domEvent }) => {
          preventKeyThrough(domEvent);
          setOpen(false);
          if (Number(key) !== current) void switchTo(Number(key));
        },
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<SwapOutlined />}
        loading={branches.isFetching && !branches.data}
        aria-label="Cambiar de sucursal"
        className="shell__branch-switch"
      >
        <span className="shell__branch-switch-text">Cambiar</span>
      </Button>
    </Dropdown>
  );
}
