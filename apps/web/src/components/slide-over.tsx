import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

/** Doc 2, sections 2 and 9: three widths, opened 10 ms after mount, a 200 ms animation on close. */
export const slideOverWidths = { small: 560, medium: 640, large: 720 } as const;
export const SLIDE_OVER_OPEN_DELAY_MS = 10;
export const SLIDE_OVER_CLOSE_MS = 200;

export type SlideOverSize = keyof typeof slideOverWidths;

interface SlideOverProps {
  isOpen: boolean;
  /** Asked for by Escape, the close button and (unless prevented) a backdrop click; the caller sets isOpen false. */
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  size?: SlideOverSize;
  /** False keeps the panel open when the backdrop is clicked (a half-filled form); Escape and Close still work. */
  closeOnBackdrop?: boolean;
  /** Actions pinned to the bottom of the panel. */
  footer?: ReactNode;
}

/**
 * A panel that slides in from the right over a backdrop. React Aria's modal traps focus inside, closes on Escape and
 * gives focus back to what opened it when it goes. Panels stack: one opened from inside another sits on top and
 * Escape or a backdrop click closes only the top one. The panel stays mounted through its closing slide, so the
 * caller can flip isOpen without waiting.
 */
export function SlideOver({
  isOpen,
  onClose,
  title,
  closeLabel,
  children,
  size = 'medium',
  closeOnBackdrop = true,
  footer,
}: SlideOverProps) {
  const [mounted, setMounted] = useState(isOpen);
  const [entered, setEntered] = useState(false);
  // What had focus before the panel opened: the panel is not mounted yet, so this is the control that opened it.
  const returnFocusTo = useRef<Element | null>(isOpen ? document.activeElement : null);

  useEffect(() => {
    if (isOpen) {
      returnFocusTo.current ??= document.activeElement;
      setMounted(true);
      // Mounted off-screen first, then moved in, so the browser has a start position to animate from.
      const timer = setTimeout(() => setEntered(true), SLIDE_OVER_OPEN_DELAY_MS);
      return () => clearTimeout(timer);
    }
    setEntered(false);
    const timer = setTimeout(() => setMounted(false), SLIDE_OVER_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [isOpen]);

  useEffect(() => {
    if (mounted) return;
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    // React Aria gives focus back when a modal closes itself; a panel removed after its closing slide leaves focus on
    // the page body instead, so it is handed back here.
    if (target instanceof HTMLElement && target.isConnected && (!document.activeElement || document.activeElement === document.body)) {
      target.focus();
    }
  }, [mounted]);

  if (!mounted) return null;
  return (
    <ModalOverlay
      isOpen
      isDismissable={closeOnBackdrop}
      onOpenChange={(open) => {
        if (!open && isOpen) onClose();
      }}
      data-slide-over-backdrop=""
      className={`fixed inset-0 z-50 transition-colors duration-200 motion-reduce:transition-none ${entered ? 'bg-black/50' : 'bg-black/0'}`}
    >
      <AriaModal
        className={`fixed inset-y-0 right-0 flex w-full transition-transform duration-200 ease-out motion-reduce:transition-none ${entered ? 'translate-x-0' : 'translate-x-full'}`}
        style={{ maxWidth: slideOverWidths[size] }}
      >
        <Dialog className="flex h-full w-full flex-col bg-white shadow-xl outline-none">
          {({ close }) => (
            <div className="flex h-full flex-col" data-state={entered ? 'open' : 'closed'} data-size={size}>
              <div className="flex items-start justify-between gap-4 border-b border-gray-300 p-6">
                <Heading slot="title" className="text-2xl font-bold">
                  {title}
                </Heading>
                <Button variant="ghost" size="sm" onPress={close} aria-label={closeLabel} className="-mr-2 -mt-1">
                  <X aria-hidden="true" className="size-5" />
                </Button>
              </div>
              <div className="flex-1 overflow-y-auto p-6">{children}</div>
              {footer ? <div className="border-t border-gray-300 p-6">{footer}</div> : null}
            </div>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
