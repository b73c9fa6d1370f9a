import type { ComponentProps } from 'react';

export type Variant = 'primary' | 'secondary' | 'ghost' | 'link';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-bold transition-colors cursor-pointer disabled:cursor-not-allowed data-[disabled]:cursor-not-allowed';
export const sizes = { md: 'min-h-11 px-4 py-2 text-base', sm: 'min-h-9 px-3 py-1 text-sm' } as const;
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

/**
 * A native button in the app's button styles, for the shell's few buttons (Log in, Log out, the menu): the first
 * paint of every page then carries no React Aria (decision 210). A native button already presses with mouse, touch,
 * Enter and Space and shows the focus ring on keyboard focus (styles.css); pages keep React Aria's `Button`.
 */
export function PlainButton({
  variant = 'primary',
  size = 'md',
  className = '',
  disabled,
  ...props
}: ComponentProps<'button'> & { variant?: Variant; size?: keyof typeof sizes }) {
  return (
    <button
      type="button"
      {...props}
      disabled={disabled}
      // The variants style React Aria's `data-disabled`; the same attribute keeps this button looking the same.
      data-disabled={disabled ? true : undefined}
      className={buttonClass(variant, size, className)}
    />
  );
}
