import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

interface ModalProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  closeLabel: string;
  /** 'alertdialog' for a message that needs an answer; 'dialog' otherwise. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
}

const widths = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl' } as const;

/**
 * A modal dialog: React Aria traps focus inside, closes on Escape and on a click outside, and gives focus back
 * to what opened it.
 */
export function Modal({ title, isOpen, onOpenChange, children, closeLabel, role = 'dialog', size = 'md' }: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
    >
      <AriaModal className={`max-h-[90vh] w-full ${widths[size]} overflow-y-auto rounded-lg bg-white shadow-xl`}>
        <Dialog role={role} className="relative p-6 outline-none">
          {({ close }) => (
            <>
              <div className="mb-4 flex items-start justify-between gap-4">
                <Heading slot="title" className="text-2xl font-bold">
                  {title}
                </Heading>
                <Button variant="ghost" size="sm" onPress={close} aria-label={closeLabel} className="-mr-2 -mt-1">
                  <X aria-hidden="true" className="size-5" />
                </Button>
              </div>
              {children}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
