// Inline stroke icons (24×24 grid, currentColor) so the wallet needs no icon font or network request.
import type { ReactElement, SVGProps } from 'react';
import iconsCss from 'bundle-text:./icons.css';
import { registerStyles } from '../style-sheets';

registerStyles(iconsCss);

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  /** The icon's path data: `iconPath('close')`, imported from ./icon-paths as a macro so each chunk carries only
   * the paths it draws. */
  path: string;
  size?: number;
}

export function Icon({ path, size = 20, ...rest }: IconProps): ReactElement {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={path} />
    </svg>
  );
}
