import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../components/plain-button';
import type { NavItem } from './nav-items';

const loadPanel = () => import('./mobile-drawer-panel');
const MobileDrawerPanel = lazy(() => loadPanel().then((m) => ({ default: m.MobileDrawerPanel })));

/**
 * The side drawer for small screens: the booking links and the login / account / log-out section. The menu button
 * is part of the header; the drawer's code loads when a pointer or focus reaches the button, or on the first press.
 */
export function MobileDrawer({ items, isLoggedIn, kiosk = false }: { items: NavItem[]; isLoggedIn: boolean; kiosk?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadPanel().catch(() => undefined);
  return (
    <>
      <PlainButton
        variant="ghost"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-label={t('openMenu')}
        aria-expanded={open}
        className="text-on-header hover:bg-white/10 data-[hovered]:bg-white/10"
      >
        <Menu aria-hidden="true" className="size-7" />
      </PlainButton>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileDrawerPanel items={items} isLoggedIn={isLoggedIn} kiosk={kiosk} open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
