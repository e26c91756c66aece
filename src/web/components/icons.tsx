// Inline stroke icons (24×24 grid, currentColor) so the wallet needs no icon font or network request.
import type { ReactElement, SVGProps } from 'react';
import { type IconName, iconPaths } from './icon-paths';
import iconsCss from 'bundle-text:./icons.css';
import { registerStyles } from '../style-sheets';

registerStyles(iconsCss);

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number;
}

export function Icon({ name, size = 20, ...rest }: IconProps): ReactElement {
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
      <path d={iconPaths[name]} />
    </svg>
  );
}
