import { useState } from 'react';

/**
 * A YouTube video that loads nothing from YouTube until the visitor presses play: until then, the clinic's
 * own poster (decorative) with a labelled play button in its centre; the whole poster takes the click.
 */
export function ClickToPlayVideo({ title, embedUrl }: { title: string; embedUrl: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <figure className="info-video">
      <div className="info-video__frame">
        {playing ? (
          <iframe
            src={`${embedUrl}?autoplay=1&rel=0`}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <>
            <img
              className="info-video__poster"
              src="/images/video-poster.svg"
              alt=""
              width={640}
              height={360}
              loading="lazy"
            />
            <button
              type="button"
              className="info-video__play"
              aria-label={`Play the video: ${title}`}
              onClick={() => setPlaying(true)}
            >
              <span className="info-video__icon" aria-hidden="true" />
              Play the video
            </button>
          </>
        )}
      </div>
      <figcaption className="info-video__note">
        {title}. The video is hosted on YouTube and loads only when you press play.
      </figcaption>
    </figure>
  );
}
