import { LoaderCircle } from 'lucide-react';
import { type ComponentProps, useLayoutEffect, useRef } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Link, type LinkProps } from 'react-router';

export type Variant = 'primary' | 'secondary' | 'ghost' | 'link';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-bold transition-colors cursor-pointer disabled:cursor-not-allowed data-[disabled]:cursor-not-allowed';
const sizes = { md: 'min-h-11 px-4 py-2 text-base', sm: 'min-h-9 px-3 py-1 text-sm' } as const;
const variants: Record<Variant, string> = {
  primary:
    'bg-primary text-on-primary hover:bg-primary-600 data-[hovered]:bg-primary-600 data-[disabled]:bg-gray-300 data-[disabled]:text-gray-700',
  secondary:
    'border-2 border-secondary-button-border bg-secondary-button text-on-secondary-button hover:bg-secondary-button-hover data-[hovered]:bg-secondary-button-hover data-[disabled]:border-gray-400 data-[disabled]:bg-gray-100 data-[disabled]:text-gray-700',
  ghost: 'text-gray-800 hover:bg-gray-100 data-[hovered]:bg-gray-100',
  link: 'min-h-0 px-0 py-0 font-normal text-primary-text underline underline-offset-2 hover:no-underline',
};

export const buttonClass = (variant: Variant = 'primary', size: keyof typeof sizes = 'md', extra = '') =>
  `${base} ${variant === 'link' ? '' : sizes[size]} ${variants[variant]} ${extra}`.trim();

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
