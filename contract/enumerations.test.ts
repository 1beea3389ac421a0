import { describe, expect, it } from 'vitest';
import {
  AnalyticsEventType,
  BackgroundSource,
  BlockType,
  CollectionType,
  EventSource,
  FeatureFlag,
  FolderBehavior,
  PageType,
  ProductType,
  RecordType,
  SiteStatus,
  SliceType,
  SourceEnvironment,
  UserRole,
} from './enumerations';

// The values as the platform spec lists them (sections 2 and 3), in our names, written out here so
// that a change to a shared enumeration has to change this copy of the spec too.
const SPEC = `
ProductType: PHYSICAL 1, DIGITAL 2, SERVICE 3, GIFT_CARD 4, PAYWALL 5
BlockType: NAVIGATION 1, HTML 2, IMAGE 5, GALLERY 8, FORM 9, SUMMARY 20, PRODUCT 43, NEWSLETTER 51, DONATION 52, BUTTON 53, MEMBER_AREA 67, ACCORDION 69, MARQUEE 70, SHAPE 71
CollectionType: GENERIC 1, SUBSCRIPTION 2, PAGE 10, PRODUCTS 13
RecordType: TEXT 1, IMAGE 2, QUOTE 4, LINK 5, AUDIO 7, VIDEO 8, STORE_ITEM 11, EVENT 12, GALLERY 14
FolderBehavior: INDEX 1, REDIRECT 2, NONE 3
BackgroundSource: UPLOAD 1, INSTAGRAM 2, VIDEO 3, NONE 4
SliceType: HEADING 1, BODY 3, IMAGE 4
SiteStatus: EXPIRED 1, PAST_DUE 2, TRIAL 3, BETA 4, REMOVED 5, INTERNAL 6, COMPED 7, PAID 8, V5_LINKED 11, ACTIVE_PARKING_PAGE 12, RESOLD 13, RESOLD_GRACE_PERIOD 14, ENTERPRISE 15
UserRole: ADMIN 1, BILLING 2, REPORTING 3, EDITOR 4, MODERATOR 6, COMMENTER 7, STORE_MANAGER 8, SCHEDULING 9, VIEWER 10, CAMPAIGNS_EDITOR 11, SCHEDULING_VIEWER 12, SCHEDULING_EDITOR 13, NONE 14
FeatureFlag: GIFT_CARDS 40, COMMERCE_SUBSCRIPTIONS 50, POINT_OF_SALE 56, AFTERPAY 64, NATIVE_PRODUCT_REVIEWS 66, CLEARPAY 68, KLARNA 70
AnalyticsEventType: PAGE_VIEW 1, SITE_SEARCH 2, HEARTBEAT 10, AUDIO 20, VIDEO 21
SourceEnvironment: DEV dev, QA qa, STAGING staging, PROD prod
EventSource: WEB WEB, IOS IOS, ANDROID ANDROID, SERVER SERVER
`;

const ENUMERATIONS: Record<string, object> = {
  ProductType,
  BlockType,
  CollectionType,
  RecordType,
  FolderBehavior,
  BackgroundSource,
  SliceType,
  SiteStatus,
  UserRole,
  FeatureFlag,
  AnalyticsEventType,
  SourceEnvironment,
  EventSource,
};

/** "NAME value, NAME value" as an object (numbers as numbers). */
const listed = (text: string) =>
  Object.fromEntries(
    text.split(', ').map((pair) => {
      const [name = '', value = ''] = pair.split(' ');
      return [name, /^\d+$/.test(value) ? Number(value) : value];
    }),
  );

describe('the platform enumerations hold the spec values', () => {
  const lines = SPEC.trim()
    .split('\n')
    .map((line) => line.split(': ') as [string, string]);

  it('lists every enumeration checked', () => {
    expect(lines.map(([name]) => name).sort()).toEqual(Object.keys(ENUMERATIONS).sort());
  });

  it.each(lines)('%s', (name, values) => {
    expect(ENUMERATIONS[name]).toMatchObject(listed(values));
  });

  it('has every page-type code of the spec and no other (section 2)', () => {
    expect(Object.values(PageType).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 50, 100, 101, 102, 103, 104, 105, 106, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 300,
      301,
    ]);
  });
});
