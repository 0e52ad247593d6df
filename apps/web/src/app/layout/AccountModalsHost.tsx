import { ChangePasswordModal, ChangePinModal, CheckInModal } from './AccountModals';

export type AccountModal = 'password' | 'pin' | 'check-in';

export function AccountModals({
  open,
  onClose,
}: {
  open: AccountModal | null;
  onClose: () => void;
}) {
  return (
    <>
      <ChangePasswordModal open={open === 'password'} onClose={onClose} />
      <ChangePinModal open={open === 'pin'} onClose={onClose} />
      <CheckInModal open={open === 'check-in'} onClose={onClose} />
    </>
  );
}
