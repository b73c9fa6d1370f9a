import { Fragment, type PointerEvent, type ReactNode, Suspense, startTransition, useLayoutEffect, useRef, useState } from 'react';

/** How the customer reached a widget before its code came: into it (focus), or pressing to open it. */
export type FirstUse = 'focus' | 'open';

/** What a placeholder's button is given: focus or a press loads the widget, the pointer coming near fetches its code. */
export interface TriggerProps {
  onPointerDown: (event: PointerEvent) => void;
  onFocus: () => void;
  onPointerEnter: () => void;
  onClick: () => void;
}

interface LoadOnUseProps {
  /** Starts the widget's import (the same promise as its `lazy()`), so hovering over it fetches the code early. */
  preload: () => Promise<unknown>;
  /**
   * What shows until the widget's code has come: the same size and text as the widget, with a native button where
   * the widget's trigger is, which spreads `trigger`; `open` is for any other key that opens the widget.
   */
  placeholder: (trigger: TriggerProps, open: () => void) => ReactNode;
  /** The widget (lazy), told whether to open at once: its trigger was pressed before its code came. */
  children: (open: boolean) => ReactNode;
}

/**
 * A widget whose code (React Aria's date picker, select) is not part of a page's first download (issue 12, decision
 * 294): a placeholder of the same size paints with the page, and the code loads when the pointer comes near or focus
 * or a press reaches it. The swap is a transition, so the placeholder stays (with focus in it) until the widget is
 * ready, and nothing moves. Focus then goes to the widget's first focusable element, or, after a press, the widget
 * opens (and moves focus into its popover itself).
 */
export function LoadOnUse({ preload, placeholder, children }: LoadOnUseProps) {
  const [use, setUse] = useState<FirstUse | null>(null);
  // The strongest use asked for so far: a press that comes before the last render must not be lost to a focus.
  const asked = useRef<FirstUse | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  const reach = (how: FirstUse) => {
    void preload();
    if (asked.current === 'open' || asked.current === how) return;
    asked.current = how;
    hadFocus.current = box.current?.contains(document.activeElement) ?? false;
    startTransition(() => setUse(how));
  };
  const shown = use !== null;
  useLayoutEffect(() => {
    if (!shown || use === 'open') return;
    // The placeholder's button had focus and went with it: focus carries on in the widget.
    const active = document.activeElement;
    if (hadFocus.current && (active === null || active === document.body)) {
      const focusable = box.current?.querySelectorAll<HTMLElement>('button, [tabindex]') ?? [];
      [...focusable].find((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled)?.focus();
    }
  }, [shown, use]);
  const trigger: TriggerProps = {
    // A mouse press opens at once, as React Aria's select does: by the click the placeholder may already be gone.
    onPointerDown: (event) => {
      if (event.pointerType === 'mouse' && event.button === 0) reach('open');
    },
    onFocus: () => reach('focus'),
    onPointerEnter: () => void preload(),
    onClick: () => reach('open'),
  };
  const open = () => reach('open');
  return (
    <div ref={box} className="contents">
      {/* The placeholder stays in place while the widget suspends: the update is a transition (see above). */}
      {/* Keyed by the use: a press that reached the placeholder just before the widget came in on a focus (its code
          loaded in between) mounts the widget again, open, since a widget reads whether to open only as it mounts. */}
      <Suspense fallback={placeholder(trigger, open)}>
        {shown ? <Fragment key={use}>{children(use === 'open')}</Fragment> : placeholder(trigger, open)}
      </Suspense>
    </div>
  );
}
