import { useEffect, useRef, useState } from 'react';
import { Icon } from './icon.js';

export interface AvatarProps {
  src?: string | null;
  /** Who is pictured; also the accessible name of the fallback icon. */
  alt: string;
  size?: 'md' | 'lg';
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
}

const pixels = { md: 56, lg: 112 } as const;

/** A round portrait that shows a generic person icon when there is no image or it fails to load. */
export function Avatar({ src, alt, size = 'md', eager = false }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const failed = !src || failedSrc === src;

  useEffect(() => {
    // A pre-rendered <img> can fail before hydration attaches onError; catch that case on mount.
    const element = image.current;
    if (src && element?.complete && element.naturalWidth === 0) setFailedSrc(src);
  }, [src]);

  const box = `avatar avatar--${size}`;
  if (failed) {
    return (
      <span className={`${box} avatar--fallback`} role="img" aria-label={alt}>
        <Icon name="person" size={pixels[size] / 2} />
      </span>
    );
  }
  return (
    <img
      ref={image}
      className={box}
      src={src}
      alt={alt}
      width={pixels[size]}
      height={pixels[size]}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
