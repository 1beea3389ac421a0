import { defineWidget } from '../../runtime/define-widget';
import { CensusTracker, type CensusTrackerProps } from './census-tracker';

defineWidget<CensusTrackerProps>({
  tag: 'store-census',
  component: CensusTracker,
  attributes: {
    cdnHosts: { attr: 'data-cdn-hosts', type: 'string' },
    performance: { attr: 'data-performance', type: 'string' },
  },
  styles: 'store-census { display: none; }',
});

declare global {
  interface HTMLElementTagNameMap {
    'store-census': HTMLElement;
  }
}
