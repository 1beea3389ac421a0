/** Video and audio blocks of content items (platform spec, section 3). */
import { isObject, isTruthy } from '../../values';
import { isTrue, objectField } from '../commerce/fields';
import { attributeText } from '../commerce/html';
import { colorDataAttributes, focalPointOf } from './image';

/**
 * `video [load-false] [color-data]`: the wrapper the platform's video player fills from the
 * embed (`oembed.html`, escaped into an attribute). With `overlay`, a cover over it: the
 * video's thumbnail when it has a main image (with its colour samples under `color-data`),
 * else an empty "no-thumb" cover. `load-false` marks the wrapper as not yet loaded.
 */
export function videoMarkup(video: unknown, args: readonly string[]): string {
  if (!isObject(video)) return '';
  const oembed = objectField(video, 'oembed');
  const loadAttribute = args.includes('load-false') ? ' data-load="false" ' : '';
  const wrapper =
    `<div class="sqs-video-wrapper" ${loadAttribute}data-html="${attributeText(oembed.html)}"` +
    ` data-provider-name="${attributeText(oembed.providerName)}">`;
  if (!isTrue(video.overlay)) return `${wrapper}</div>`;
  const hasThumbnail = isTruthy(video.mainImageId);
  const thumbnail = hasThumbnail
    ? `<img data-load="false" data-src="${attributeText(video.assetUrl)}"` +
      ` data-image-dimensions="${attributeText(video.originalSize)}" data-image-focal-point="${focalPointOf(video)}"` +
      `${args.includes('color-data') ? colorDataAttributes(video) : ''} />`
    : '';
  return (
    `${wrapper}<div class="sqs-video-overlay${hasThumbnail ? '' : ' no-thumb'}" style="opacity: 0;">${thumbnail}` +
    '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div></div>'
  );
}

/** `audio-player`: the audio player of an audio item (`structuredContent.audioAssetUrl`). */
export function audioPlayerMarkup(item: unknown): string {
  if (!isObject(item)) return '';
  const id = attributeText(item.id);
  const url = attributeText(objectField(item, 'structuredContent').audioAssetUrl);
  return (
    "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
    `<div class="squarespace-audio-player" data-audio-asset-url="${url}" data-item-id="${id}" id="audio-player-${id}"></div>`
  );
}
