import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
}

/** The class names of Roost's one button system, for buttons and for links styled as buttons. */
export function buttonClass({
  variant = 'primary',
  size = 'normal',
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'className'> = {}): string {
  if (variant === 'link') return ['link-button', className].filter(Boolean).join(' ');
  return [
    'button',
    variant === 'secondary' ? 'button--secondary' : '',
    size === 'small' ? 'button--small' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

/** A button (type 'button' unless it says 'submit'). */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
