import { LoaderCircle } from 'lucide-react';
import { type ComponentProps, useLayoutEffect, useRef } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Link, type LinkProps } from 'react-router';
import { buttonClass, type sizes, type Variant } from './plain-button';

export { buttonClass, type Variant } from './plain-button';

export interface ButtonProps extends AriaButtonProps {
  variant?: Variant;
  size?: keyof typeof sizes;
  className?: string;
  /**
   * While its request is on its way: a spinner, `busyText` in place of the label ('Logging in…'), aria-busy, and
   * no second press (issue 13, defect 7).
   */
  isBusy?: boolean;
  busyText?: string;
}

/** Every button of the app: React Aria's, so press, focus-visible and disabled behave the same for every input. */
export function Button({ variant = 'primary', size = 'md', className = '', isBusy = false, busyText, ...props }: ButtonProps) {
  const own = useRef<HTMLButtonElement | null>(null);
  // React Aria passes no aria-busy through, so it is set on the element itself.
  useLayoutEffect(() => {
    if (isBusy) own.current?.setAttribute('aria-busy', 'true');
    else own.current?.removeAttribute('aria-busy');
  }, [isBusy]);
  if (!isBusy) return <AriaButton {...props} ref={own} className={buttonClass(variant, size, className)} />;
  return (
    // React Aria's pending state keeps the button focusable (focus does not drop to the page) while presses and Enter
    // in the form do nothing, and it tells a screen reader when the state changes.
    <AriaButton {...props} ref={own} isPending className={buttonClass(variant, size, `${className} data-[pending]:opacity-80`)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      {busyText ?? (typeof props.children === 'function' ? null : props.children)}
    </AriaButton>
  );
}

/** A link that looks like a button (navigation is a link, so screen readers and middle-click work). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  ...props
}: LinkProps & { variant?: Variant; size?: keyof typeof sizes; className?: string }) {
  return <Link {...props} className={buttonClass(variant, size, className)} />;
}

export function TextLink({ className = '', ...props }: LinkProps & ComponentProps<'a'>) {
  return <Link {...props} className={`text-primary-text underline underline-offset-2 hover:no-underline ${className}`} />;
}
