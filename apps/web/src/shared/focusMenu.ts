/**
 * Moves keyboard focus into a dropdown's menu once it opens, so the arrows and Enter work
 * right away. antd's own `autoFocus` focuses the popup before it is positioned, which scrolls the
 * page; this waits a frame and never scrolls.
 */
export function focusMenuOf(rootClassName: string): void {
  requestAnimationFrame(() => {
    // The first item, not the list: rc-menu moves with the arrows from the focused item, and a
    // focused list alone leaves it with no item to move from.
    const menu = document.querySelector<HTMLElement>(`.${rootClassName} [role="menu"]`);
    const first = menu?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])');
    (first ?? menu)?.focus({ preventScroll: true });
  });
}

/**
 * For a menu item's onClick. rc-menu acts on Enter's keydown; left alone, the same key then
 * "clicks" whatever the choice just focused: the "Eliminar" of the delete confirmation it opened,
 * so one Enter deleted without asking. Cancelling the key's default keeps the choice to itself.
 */
export function preventKeyThrough(event: { preventDefault: () => void }): void {
  event.preventDefault();
}
