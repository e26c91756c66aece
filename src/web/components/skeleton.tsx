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
  const style = { width, height, borderRadius: circle ? '50%' : radius };
  // A labelled skeleton stands for the loading content (a status with its name); any other is decoration.
  if (label) return <span className="tw-skeleton" style={style} role="status" aria-label={label} />;
  return <span className="tw-skeleton" style={style} aria-hidden="true" />;
}
