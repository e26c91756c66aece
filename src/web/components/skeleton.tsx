// A shimmering placeholder block while content loads.
import type { CSSProperties, ReactElement } from 'react';
import skeletonCss from 'bundle-text:./skeleton.css';
import { registerStyles } from '../style-sheets';

registerStyles(skeletonCss);

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  circle?: boolean;
  label?: string;
}

export function Skeleton({ width = '100%', height = 16, radius, circle = false, label }: SkeletonProps): ReactElement {
  return (
    <span
      className="tw-skeleton"
      style={{ width, height, borderRadius: circle ? '50%' : radius }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
