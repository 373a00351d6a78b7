import { CloseOutlined } from '@ant-design/icons';
import { CONTEXT_MENU_WIDTH_PX, TAG_SCROLL_PADDING_PX } from '@lending/contract';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { landmarks } from '../landmarks';
import { useLayout } from '../layout/layout-context';
import type { VisitedTab } from './tags-model';
import './tags-view.css';

interface MenuState {
  tab: VisitedTab;
  left: number;
  top: number;
  /** Opened from the keyboard: focus goes into the menu and back to the tab after. */
  fromKeyboard: boolean;
}

/** Tab strip: visited pages, pinned dashboard, close rules, context menu. */
export function TagsView() {
  const { t } = useTranslation();
  const { tabs, activePath, actions } = useLayout();
  const [menu, setMenu] = useState<MenuState | null>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  const titleOf = (tab: VisitedTab) => {
    const title = t(`route.${tab.title}`, { defaultValue: tab.title });
    return tab.detail ? `${title} ${tab.detail}` : title;
  };

  // Keep the active tab in view.
  useEffect(() => {
    const active = stripRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tabs.length]);

  const focusTab = useCallback((path: string) => {
    stripRef.current
      ?.querySelector<HTMLElement>(`[role="tab"][data-path="${CSS.escape(path)}"]`)
      ?.focus();
  }, []);

  // The context menu closes on any click elsewhere and on Escape (focus returns to its tab).
  useEffect(() => {
    if (!menu) return;
    const close = (event: Event) => {
      if (menuRef.current?.contains(event.target as Node)) return;
      setMenu(null);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      focusTab(menu.tab.path);
      setMenu(null);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    if (menu.fromKeyboard)
      menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [menu, focusTab]);

  function openMenu(tab: VisitedTab, x: number, y: number, fromKeyboard: boolean) {
    const strip = stripRef.current?.getBoundingClientRect();
    const offsetLeft = strip?.left ?? 0;
    const maxLeft = (strip?.width ?? window.innerWidth) - CONTEXT_MENU_WIDTH_PX;
    const left = Math.max(0, Math.min(x - offsetLeft + 15, maxLeft));
    setMenu({ tab, left, top: y - (strip?.top ?? 0), fromKeyboard });
  }

  const onContextMenu = (event: MouseEvent, tab: VisitedTab) => {
    event.preventDefault();
    openMenu(tab, event.clientX, event.clientY, false);
  };

  const onMouseUp = (event: MouseEvent, tab: VisitedTab) => {
    // Middle click closes (not a pinned tab).
    if (event.button === 1 && !tab.affix) actions.close(tab.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, tab: VisitedTab, index: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      actions.open(tab);
    } else if (event.key === 'Delete' && !tab.affix) {
      event.preventDefault();
      actions.close(tab.path);
    } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      const box = event.currentTarget.getBoundingClientRect();
      openMenu(tab, box.left, box.bottom, true);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const step = event.key === 'ArrowRight' ? 1 : -1;
      const next = tabs[(index + step + tabs.length) % tabs.length];
      if (next) focusTab(next.path);
    }
  };

  const run = (action: () => void) => {
    setMenu(null);
    action();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(at + step + items.length) % items.length]?.focus();
  };

  return (
    <div className="tags-view-container">
      <div
        ref={stripRef}
        role="tablist"
        aria-label={landmarks.visitedPages}
        aria-orientation="horizontal"
        className="tags-view-wrapper"
        style={{ padding: `${TAG_SCROLL_PADDING_PX}px` }}
      >
        {tabs.map((tab, index) => {
          const title = titleOf(tab);
          const active = tab.path === activePath;
          return (
            <div
              key={tab.path}
              role="tab"
              tabIndex={0}
              aria-selected={active}
              aria-label={title}
              data-path={tab.path}
              className={`tags-view-item${active ? ' active' : ''}`}
              onClick={() => actions.open(tab)}
              onMouseUp={(event) => onMouseUp(event, tab)}
              onMouseDown={(event) => {
                // Stops the browser's middle-click autoscroll.
                if (event.button === 1) event.preventDefault();
              }}
              onContextMenu={(event) => onContextMenu(event, tab)}
              onKeyDown={(event) => onKeyDown(event, tab, index)}
            >
              {title}
              {tab.affix ? null : (
                <button
                  type="button"
                  className="tags-view-close"
                  tabIndex={-1}
                  aria-label={t('tagsView.closeTab', { title })}
                  onClick={(event) => {
                    event.stopPropagation();
                    actions.close(tab.path);
                  }}
                >
                  <CloseOutlined aria-hidden="true" />
                </button>
              )}
            </div>
          );
        })}
      </div>
      {menu ? (
        <ul
          ref={menuRef}
          role="menu"
          aria-label={landmarks.tabActions}
          className="contextmenu"
          style={{ left: menu.left, top: menu.top, width: CONTEXT_MENU_WIDTH_PX }}
          onKeyDown={onMenuKeyDown}
        >
          <MenuAction
            label={t('tagsView.refresh')}
            onRun={() => run(() => actions.refresh(menu.tab))}
          />
          {menu.tab.affix ? null : (
            <MenuAction
              label={t('tagsView.close')}
              onRun={() => run(() => actions.close(menu.tab.path))}
            />
          )}
          <MenuAction
            label={t('tagsView.closeOthers')}
            onRun={() => run(() => actions.closeOthers(menu.tab.path))}
          />
          <MenuAction
            label={t('tagsView.closeAll')}
            onRun={() => run(() => actions.closeAll(menu.tab))}
          />
        </ul>
      ) : null}
    </div>
  );
}

function MenuAction({ label, onRun }: { label: string; onRun: () => void }) {
  return (
    <li
      role="menuitem"
      tabIndex={-1}
      onClick={onRun}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onRun();
        }
      }}
    >
      {label}
    </li>
  );
}
