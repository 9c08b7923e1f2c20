import type { ImageSources } from '@cabanas/domain/catalog'
import { type ReactNode, useState } from 'react'
import { preload } from 'react-dom'

type ResponsiveImageProps = {
  sources: ImageSources
  /** How wide the image is drawn, in CSS px, for the browser to pick a width from `srcSet`. */
  sizes: string
  alt: string
  /**
   * The image of the first view (the LCP): fetched at once with high priority, and preloaded from the
   * document's head (React emits the hint during server rendering). Otherwise the image loads lazily.
   */
  priority?: boolean
  className?: string
  draggable?: boolean
  /** Shown instead of the image when it cannot be loaded; nothing by default. */
  fallback?: ReactNode
}

/**
 * A photo with its widths (`srcset`) and formats (`<picture>` with AVIF when it exists), its intrinsic size
 * (no layout shift) and lazy loading below the first view.
 */
export function ResponsiveImage({
  sources,
  sizes,
  alt,
  priority = false,
  className,
  draggable,
  fallback = null,
}: ResponsiveImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const srcSet = sources.srcSet || undefined
  if (priority) {
    // The browser reads the first format it supports: preload that one (the `type` lets others skip it).
    if (sources.avifSrcSet) {
      preload(sources.src, {
        as: 'image',
        imageSrcSet: sources.avifSrcSet,
        imageSizes: sizes,
        type: 'image/avif',
        fetchPriority: 'high',
      })
    } else {
      preload(sources.src, {
        as: 'image',
        imageSrcSet: srcSet,
        imageSizes: srcSet && sizes,
        fetchPriority: 'high',
      })
    }
  }
  if (failedSrc === sources.src) return fallback

  const image = (
    <img
      src={sources.src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={sources.width}
      height={sources.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      draggable={draggable}
      onError={() => setFailedSrc(sources.src)}
      className={className}
    />
  )
  if (!sources.avifSrcSet) return image
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={sources.avifSrcSet} sizes={sizes} />
      {image}
    </picture>
  )
}
