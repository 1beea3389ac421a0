import { describe, expect, it, vi } from 'vitest';
import { checkAnswers, FORM_MESSAGES } from '../store/check-answers';
import { getForm, type FormFieldRecord, type FormRecord } from '../store/forms';
import { solveCaptcha, storePerTest } from '../testing/test-store';
import type { Visitor } from '../testing/visitor';
import { json } from '../testing/visitor';

const store = storePerTest();

const { visitor } = store;

async function submissionKey(v: Visitor): Promise<string> {
  const response = await v.call('POST', '/api/form/FormSubmissionKey');
  expect(response.status).toBe(200);
  return (await json(response)).key as string;
}

const PAGE = {
  pageTitle: 'Contact',
  pageId: 'page-contact',
  contentSource: 'c',
  pagePath: '/contact',
  pagePermissionTypeValue: 1,
};

/** A submission of `answers` to a form, with a fresh key unless one is given. */
async function submit(
  v: Visitor,
  formId: string,
  answers: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  const key = 'key' in extra ? extra.key : await submissionKey(v);
  return v.call('POST', '/api/form/SaveFormSubmission', {
    formId,
    key,
    form: JSON.stringify(answers),
    ...PAGE,
    ...extra,
  });
}

function storedCount(formId?: string): number {
  const row = formId
    ? store.db.prepare('SELECT COUNT(*) AS n FROM form_submissions WHERE form_id = ?').get(formId)
    : store.db.prepare('SELECT COUNT(*) AS n FROM form_submissions').get();
  return (row as { n: number }).n;
}

/** A complete, valid answer set for the demo contact form. */
const CONTACT = {
  name: { First: 'Ada', Last: 'Lovelace' },
  email: 'ada@example.com',
  subject: 'A repair',
  message: 'My lantern lost its handle.',
  'order-number': '1042',
  budget: '1,250.50',
  homepage: 'ada.example.org',
  'order-password': ' secret ',
  phone: { Country: '+44', Areacode: '20', Prefix: '7946', Line: '0018' },
  address: { Line1: '1 Mill Lane', Line2: '', City: 'Bristol', State: 'Avon', Zip: 'BS1 4DJ', Country: 'UK' },
  'visit-date': { Month: '2', Day: '29', Year: '2028' },
  'visit-time': { Hour: '10', Minute: '30', Ampm: 'AM' },
  'reply-by': 'Email',
  interests: ['Homeware', 'Workshops'],
  'nearest-shop': 'Leeds',
  experience: { 'The shop was easy to find.': '2', 'Staff were helpful.': -1 },
  source: 'newsletter-link',
};

describe('form definitions', () => {
  it('serves a form definition by id', async () => {
    const response = await store.app.request('/api/template/GetTemplateSchema?type=form&id=contact');
    expect(response.status).toBe(200);
    const form = await json(response);
    expect(form).toMatchObject({
      id: 'contact',
      name: 'Contact us',
      submitLabel: 'Send message',
      captcha: true,
      newsletter: false,
    });
    expect(form.successMessage).toContain('<strong>');
    expect(form.fields.map((f: FormFieldRecord) => f.type)).toEqual([
      'name',
      'email',
      'text',
      'textarea',
      'number',
      'currency',
      'website',
      'password',
      'phone',
      'address',
      'date',
      'time',
      'section',
      'radio',
      'checkbox',
      'select',
      'likert',
      'hidden',
    ]);
    expect(form.fields.find((f: FormFieldRecord) => f.type === 'textarea').maxLength).toBe(200);
    expect(form.fields.find((f: FormFieldRecord) => f.type === 'text').maxLength).toBeGreaterThan(0);
    expect(form.fields.find((f: FormFieldRecord) => f.type === 'phone').showCountryCode).toBe(true);
    expect(form.fields.find((f: FormFieldRecord) => f.type === 'hidden')).toMatchObject({
      key: 'source',
      value: 'contact-page',
    });
    expect(form.fields.find((f: FormFieldRecord) => f.type === 'likert').options).toHaveLength(2);
  });

  it('serves the newsletter and redirect forms, and flags default to false', async () => {
    const newsletter = await json(await store.app.request('/api/template/GetTemplateSchema?type=form&id=newsletter'));
    expect(newsletter).toMatchObject({ newsletter: true, captcha: false, successMessage: expect.any(String) });
    expect(newsletter.fields).toEqual([expect.objectContaining({ type: 'email', required: true })]);
    const redirect = await json(await store.app.request('/api/template/GetTemplateSchema?type=form&id=redirect'));
    expect(redirect).toMatchObject({ successRedirect: '/shop', captcha: false, newsletter: false });
    const engraving = await json(
      await store.app.request('/api/template/GetTemplateSchema?type=form&id=form-engraving'),
    );
    expect(engraving).toMatchObject({ captcha: false, newsletter: false });
  });

  it('answers an unknown id with 404 and keeps the field-type schema without one', async () => {
    const unknown = await store.app.request('/api/template/GetTemplateSchema?type=form&id=nope');
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ message: 'This form has not been configured yet.' });
    const schema = await json(await store.app.request('/api/template/GetTemplateSchema?type=form'));
    expect(schema.type).toBe('form');
    expect(schema.fieldTypes).toHaveLength(18);
  });
});

describe('submission keys', () => {
  it('issues a stored key that lasts 30 minutes', async () => {
    const key = await submissionKey(visitor());
    expect(key).toMatch(/^[\w-]{32}$/);
    const row = store.db.prepare('SELECT created, expires, used FROM form_submission_keys WHERE key = ?').get(key) as {
      created: number;
      expires: number;
      used: number | null;
    };
    expect(row.expires - row.created).toBe(30 * 60_000);
    expect(row.used).toBeNull();
  });

  it('needs the crumb', async () => {
    const v = visitor();
    await v.call('GET', '/contact');
    const response = await v.call('POST', '/api/form/FormSubmissionKey', undefined, { 'x-csrf-token': 'x' });
    expect(response.status).toBe(403);
    expect((await json(response)).crumbFail).toBe(true);
  });
});

describe('SaveFormSubmission', () => {
  it('stores a submission, committed before the 200 {}', async () => {
    const v = visitor();
    const response = await submit(v, 'newsletter', { email: ' ada@example.com ' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({});
    const row = store.db.prepare('SELECT * FROM form_submissions').get() as Record<string, unknown>;
    expect(row).toMatchObject({
      form_id: 'newsletter',
      page_title: 'Contact',
      page_id: 'page-contact',
      content_source: 'c',
      page_path: '/contact',
      page_permission_type: 1,
    });
    expect(JSON.parse(row.answers as string)).toEqual({ email: 'ada@example.com' });
  });

  it('stores the contact form with every field kind, answers normalised', async () => {
    const v = visitor();
    const response = await submit(v, 'contact', CONTACT, { captchaKey: await solveCaptcha(v) });
    expect(await json(response)).toEqual({});
    const { answers } = store.db.prepare('SELECT answers FROM form_submissions').get() as { answers: string };
    // The password-type answer is checked, then dropped: never kept in clear.
    const { 'order-password': _dropped, ...kept } = CONTACT;
    expect(JSON.parse(answers)).toEqual({
      ...kept,
      experience: { 'The shop was easy to find.': 2, 'Staff were helpful.': -1 },
    });
  });

  it('accepts a page with only the required fields, and a phone sent as three parts', async () => {
    const v = visitor();
    const answers = {
      name: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      subject: 'Hi',
      message: 'Hello',
      'reply-by': 'Phone',
      phone: ['20', '7946', '0018'],
    };
    expect((await submit(v, 'contact', answers, { captchaKey: await solveCaptcha(v) })).status).toBe(200);
    const stored = JSON.parse(
      (store.db.prepare('SELECT answers FROM form_submissions').get() as { answers: string }).answers,
    );
    expect(stored.phone).toEqual({ Country: '', Areacode: '20', Prefix: '7946', Line: '0018' });
    expect(stored.name).toEqual({ First: 'Ada', Last: 'Lovelace' });
  });

  it('answers 404 for an unknown form', async () => {
    const response = await submit(visitor(), 'nope', { email: 'a@b.co' });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'This form has not been configured yet.' });
  });

  it('answers 401 for a missing, unknown, used or expired key', async () => {
    const v = visitor();
    for (const key of [undefined, '', 'made-up', 42]) {
      const response = await submit(v, 'newsletter', { email: 'a@b.co' }, { key });
      expect(response.status, String(key)).toBe(401);
      expect(await json(response)).toEqual({ message: 'Unable to submit form. Please try again later.' });
    }
    const key = await submissionKey(v);
    expect((await submit(v, 'newsletter', { email: 'a@b.co' }, { key })).status).toBe(200);
    expect((await submit(v, 'newsletter', { email: 'c@d.co' }, { key })).status).toBe(401);

    vi.useFakeTimers({ toFake: ['Date'] });
    const late = await submissionKey(v);
    vi.setSystemTime(Date.now() + 30 * 60_000 + 1);
    expect((await submit(v, 'newsletter', { email: 'a@b.co' }, { key: late })).status).toBe(401);
    expect(storedCount()).toBe(1);
  });

  it('keeps the key when fields are refused, so the corrected form can be sent with it', async () => {
    const v = visitor();
    const key = await submissionKey(v);
    expect((await submit(v, 'newsletter', { email: 'nope' }, { key })).status).toBe(400);
    expect((await submit(v, 'newsletter', { email: 'a@b.co' }, { key })).status).toBe(200);
  });

  it('answers 400 with errors by field id', async () => {
    const v = visitor();
    const response = await submit(
      v,
      'contact',
      { ...CONTACT, email: 'nope', message: 'x'.repeat(201), name: { First: 'Ada', Last: '' }, 'reply-by': 'Fax' },
      { captchaKey: await solveCaptcha(v) },
    );
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.errors).toEqual({
      email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
      message: 'You have exceeded the character limit.',
      name: 'Required',
      'reply-by': 'Please choose one of the listed options.',
    });
    expect(body.message).toBe('One or more fields is invalid, please check your entries.');
    expect(storedCount()).toBe(0);
  });

  it.each([
    [
      'form text that is not JSON',
      { form: '{"email":' },
      'Could not parse the form fields, please check your entries.',
    ],
    ['form that is a JSON array', { form: '[]' }, 'Could not parse the form fields, please check your entries.'],
    [
      'form that is an object, not text',
      { form: { email: 'a@b.co' } },
      'Could not parse the form fields, please check your entries.',
    ],
    ['a formId that is not text', { formId: 7 }, 'formId is required.'],
    ['a page title that is not text', { pageTitle: 5 }, 'pageTitle must be text.'],
    ['a page path that is not text', { pagePath: ['/'] }, 'pagePath must be text.'],
    ['an unknown content source', { contentSource: 'x' }, "contentSource must be 'i' or 'c'."],
    [
      'a page permission that is not a number',
      { pagePermissionTypeValue: '1' },
      'pagePermissionTypeValue must be a whole number.',
    ],
    ['a CAPTCHA key that is not text', { captchaKey: 5 }, 'captchaKey must be text.'],
  ])('answers 400 with error for %s', async (_name, extra, error) => {
    const v = visitor();
    const key = await submissionKey(v);
    const response = await v.call('POST', '/api/form/SaveFormSubmission', {
      formId: 'newsletter',
      key,
      form: JSON.stringify({ email: 'a@b.co' }),
      ...PAGE,
      ...extra,
    });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe(error);
    expect(storedCount()).toBe(0);
  });

  it.each([
    ['malformed JSON', '{"formId":'],
    ['a JSON array', '[1]'],
    ['an empty body', ''],
  ])('answers 400 with error for a body that is %s', async (_name, body) => {
    const response = await visitor().call('POST', '/api/form/SaveFormSubmission', body);
    expect(response.status).toBe(400);
    expect(typeof (await json(response)).error).toBe('string');
  });

  it('refuses a missing, forged, reused or other-site CAPTCHA with 400 error', async () => {
    const v = visitor();
    const CAPTCHA = { error: 'Complete CAPTCHA before submitting.' };
    const refused = async (captchaKey: unknown) => {
      const response = await submit(v, 'contact', CONTACT, captchaKey === undefined ? {} : { captchaKey });
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject(CAPTCHA);
    };
    await refused(undefined);
    await refused('');
    await refused('v1.AAAAAAAAAAAAAAAAAAAAAA.9999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await refused(await solveCaptcha(v, 'someone-else'));
    const token = await solveCaptcha(v);
    expect((await submit(v, 'contact', CONTACT, { captchaKey: token })).status).toBe(200);
    await refused(token);
    expect(storedCount()).toBe(1);
  });

  it('does not spend the key on a CAPTCHA failure', async () => {
    const v = visitor();
    const key = await submissionKey(v);
    expect((await submit(v, 'contact', CONTACT, { key })).status).toBe(400);
    expect((await submit(v, 'contact', CONTACT, { key, captchaKey: await solveCaptcha(v) })).status).toBe(200);
  });

  it('answers 200 and stores nothing when the honeypot is filled (whatever else is wrong)', async () => {
    const v = visitor();
    const response = await submit(v, 'contact', { email: 'nope', 'website-url-hp': 'http://spam.example' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({});
    expect(storedCount()).toBe(0);
    // An empty honeypot is what people send.
    expect((await submit(v, 'newsletter', { email: 'a@b.co', 'website-url-hp': '' })).status).toBe(200);
    expect(storedCount()).toBe(1);
  });

  it('limits submissions per address across crumbs: 429 with Retry-After', async () => {
    store.db.close();
    store.reopen({ submitRateLimit: { limit: 2, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await submit(visitor('198.51.100.1'), 'newsletter', { email: 'a@b.co' })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await submit(visitor('198.51.100.1'), 'newsletter', { email: 'a@b.co' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await submit(visitor('198.51.100.2'), 'newsletter', { email: 'a@b.co' })).status).toBe(200);
    expect(storedCount()).toBe(3);
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await submit(visitor(), 'newsletter', { email: 'a@b.co', junk: 'x'.repeat(70_000) });
    expect(response.status).toBe(413);
  });
});

/** One optional field of each kind, to check answers against directly. */
function kindsForm(required: boolean): FormRecord {
  const field = (id: string, extra: Partial<FormFieldRecord> = {}): FormFieldRecord => ({
    id,
    type: id,
    title: id,
    required,
    ...extra,
  });
  return {
    id: 'kinds',
    name: 'Kinds',
    fields: [
      field('text', { maxLength: 5 }),
      field('textarea', { maxLength: 10 }),
      field('email'),
      field('number'),
      field('currency'),
      field('website'),
      field('password', { maxLength: 8 }),
      field('phone', { showCountryCode: true }),
      field('name'),
      field('address'),
      field('date'),
      field('time'),
      field('section'),
      field('radio', { options: ['A', 'B'] }),
      field('checkbox', { options: ['A', 'B', 'C'] }),
      field('select', { options: ['X', 'Y'] }),
      field('likert', { options: ['Q1', 'Q2'] }),
      field('hidden', { value: 'v' }),
    ],
  };
}

const OPTIONAL = kindsForm(false);
const REQUIRED = kindsForm(true);

describe('the server check of every field kind', () => {
  it.each<[string, unknown]>([
    ['text', 'abcde'],
    ['text', ' abc '],
    ['textarea', 'line 1\nl2'],
    ['email', 'a@b.co'],
    ['email', 'first.last+tag@sub.example.info'],
    ['number', '42'],
    ['number', '-3.5'],
    ['number', 7],
    ['number', '1e3'],
    ['currency', '25'],
    ['currency', '25.5'],
    ['currency', '1,234.56'],
    ['website', 'example.com'],
    ['website', 'https://www.example.co.uk/path?q=1'],
    ['password', 'p4ss wd'],
    ['phone', { Areacode: '555', Prefix: '123', Line: '4567' }],
    ['phone', { Country: '+1', Areacode: '555', Prefix: '123', Line: '4567' }],
    ['phone', ['555', '123', '4567']],
    ['phone', ['1', '555', '123', '4567']],
    ['name', { First: 'Ada', Last: 'Lovelace' }],
    ['name', { First: 'Ada', Last: '' }],
    ['address', { Line1: '1 Road', Line2: '', City: 'Town', State: 'S', Zip: '1', Country: 'C' }],
    ['date', { Month: '12', Day: '31', Year: '2024' }],
    ['date', { Month: '2', Day: '29', Year: '2024' }],
    ['date', ['1', '1', '2000']],
    ['time', { Hour: '12', Minute: '05', Ampm: 'pm' }],
    ['radio', 'B'],
    ['checkbox', ['A', 'C']],
    ['checkbox', 'B'],
    ['select', 'Y'],
    ['likert', { Q1: '-2', Q2: 2 }],
    ['likert', { Q1: '0' }],
    ['hidden', 'anything at all <b>'],
    ['section', 'ignored'],
  ])('accepts a %s answer %j', (id, value) => {
    expect(checkAnswers(OPTIONAL, { [id]: value }).errors).toEqual({});
  });

  it.each<[string, unknown, string]>([
    ['text', 'abcdef', FORM_MESSAGES.characterLimit],
    ['text', { a: 1 }, FORM_MESSAGES.answer],
    ['textarea', 'x'.repeat(11), FORM_MESSAGES.characterLimit],
    ['email', 'ada', FORM_MESSAGES.email],
    ['email', 'ada\u0085@example.com', FORM_MESSAGES.email],
    ['email', 'a b@example.com', FORM_MESSAGES.email],
    ['email', `${'a'.repeat(251)}@b.com`, FORM_MESSAGES.email],
    ['number', 'twelve', FORM_MESSAGES.number],
    ['number', '1.2.3', FORM_MESSAGES.number],
    ['number', '1e999', FORM_MESSAGES.number],
    ['currency', '$25', FORM_MESSAGES.currency],
    ['currency', '25.505', FORM_MESSAGES.currency],
    ['currency', '-5', FORM_MESSAGES.currency],
    ['website', 'not a site', FORM_MESSAGES.website],
    ['website', 'javascript:alert(1)', FORM_MESSAGES.website],
    ['website', 'ftp://example.com', FORM_MESSAGES.website],
    ['website', 'localhost', FORM_MESSAGES.website],
    ['password', '123456789', FORM_MESSAGES.characterLimit],
    ['phone', { Areacode: '555', Prefix: 'abc', Line: '4567' }, FORM_MESSAGES.phone],
    ['phone', { Areacode: '555', Prefix: '', Line: '' }, FORM_MESSAGES.phone],
    ['phone', { Country: '++1', Areacode: '555', Prefix: '123', Line: '4567' }, FORM_MESSAGES.phone],
    ['phone', { Areacode: '555', Prefix: '123', Line: '4567', Extension: '9' }, FORM_MESSAGES.answer],
    ['phone', ['1', '2'], FORM_MESSAGES.answer],
    ['name', 'Ada Lovelace', FORM_MESSAGES.answer],
    ['name', { First: 1, Last: {} }, FORM_MESSAGES.answer],
    ['address', ['only one part'], FORM_MESSAGES.answer],
    ['date', { Month: '13', Day: '1', Year: '2024' }, FORM_MESSAGES.date],
    ['date', { Month: '2', Day: '29', Year: '2023' }, FORM_MESSAGES.date],
    ['date', { Month: '4', Day: '31', Year: '2024' }, FORM_MESSAGES.date],
    ['date', { Month: '1', Day: '1', Year: '24' }, FORM_MESSAGES.date],
    ['date', { Month: '1', Day: '', Year: '' }, FORM_MESSAGES.date],
    ['time', { Hour: '13', Minute: '00', Ampm: 'PM' }, FORM_MESSAGES.time],
    ['time', { Hour: '1', Minute: '60', Ampm: 'PM' }, FORM_MESSAGES.time],
    ['time', { Hour: '1', Minute: '5', Ampm: 'PM' }, FORM_MESSAGES.time],
    ['time', { Hour: '1', Minute: '05', Ampm: 'noon' }, FORM_MESSAGES.time],
    ['radio', 'C', FORM_MESSAGES.option],
    ['radio', ['A'], FORM_MESSAGES.answer],
    ['checkbox', ['A', 'D'], FORM_MESSAGES.option],
    ['checkbox', ['A', 'A'], FORM_MESSAGES.option],
    ['checkbox', [1], FORM_MESSAGES.answer],
    ['checkbox', { A: true }, FORM_MESSAGES.answer],
    ['select', 'Z', FORM_MESSAGES.option],
    ['likert', { Q3: '1' }, FORM_MESSAGES.option],
    ['likert', { Q1: '3' }, FORM_MESSAGES.option],
    ['likert', { Q1: 'Agree' }, FORM_MESSAGES.option],
    ['likert', ['1', '2'], FORM_MESSAGES.answer],
    ['hidden', { not: 'text' }, FORM_MESSAGES.answer],
  ])('refuses a %s answer %j', (id, value, message) => {
    expect(checkAnswers(OPTIONAL, { [id]: value }).errors).toEqual({ [id]: message });
  });

  it('lets every optional field be left out or blank', () => {
    expect(checkAnswers(OPTIONAL, {}).errors).toEqual({});
    const blank = {
      text: '',
      textarea: '  ',
      email: '',
      number: '',
      currency: '',
      website: '',
      password: '',
      phone: { Country: '', Areacode: '', Prefix: '', Line: '' },
      name: { First: '', Last: '' },
      address: ['', '', '', '', '', ''],
      date: { Month: '', Day: '', Year: '' },
      time: { Hour: '', Minute: '', Ampm: '' },
      radio: '',
      checkbox: [],
      select: '',
      likert: { Q1: '', Q2: '' },
      hidden: '',
    };
    expect(checkAnswers(OPTIONAL, blank).errors).toEqual({});
  });

  it("says 'Required' for every required field left out, except sections and hidden fields", () => {
    const { errors } = checkAnswers(REQUIRED, {});
    const expected = Object.fromEntries(
      REQUIRED.fields.filter((f) => f.type !== 'section' && f.type !== 'hidden').map((f) => [f.id, 'Required']),
    );
    expect(errors).toEqual(expected);
  });

  it("says 'Required' for a required multi-part field with a part missing, and a likert with a question unanswered", () => {
    const { errors } = checkAnswers(REQUIRED, {
      name: { First: 'Ada', Last: ' ' },
      address: { Line1: '1 Road', Line2: '', City: '', State: 'S', Zip: '1', Country: 'C' },
      date: { Month: '1', Day: '1', Year: '' },
      likert: { Q1: '1', Q2: '' },
      checkbox: [],
    });
    expect(errors).toMatchObject({
      name: 'Required',
      address: 'Required',
      date: 'Required',
      likert: 'Required',
      checkbox: 'Required',
    });
  });

  it('lets a required address leave its second line empty', () => {
    const { errors } = checkAnswers(REQUIRED, {
      address: { Line1: '1 Road', City: 'Town', State: 'S', Zip: '1', Country: 'C' },
    });
    expect(errors.address).toBeUndefined();
  });

  it('keeps the engraving form checks of the additional-fields call', async () => {
    const form = getForm(store.db, 'form-engraving');
    expect(form).toBeDefined();
    expect(checkAnswers(form as FormRecord, { 'engraving-text': 'Ada', 'engraving-font': 'Serif' }).errors).toEqual({});
  });
});

describe('the vanilla form handler flag (platform spec, section 5)', () => {
  const withFlags = (featureFlags: string[] | undefined) => {
    const raw = store.db.prepare("SELECT value FROM settings WHERE key = 'commerce_settings'").get() as {
      value: string;
    };
    const { featureFlags: _old, ...rest } = JSON.parse(raw.value) as Record<string, unknown>;
    const value = JSON.stringify(featureFlags === undefined ? rest : { ...rest, featureFlags });
    store.db.prepare("UPDATE settings SET value = ? WHERE key = 'commerce_settings'").run(value);
  };
  const message = (form: { fields: FormFieldRecord[] }) => form.fields.find((f) => f.id === 'message');
  const subject = (form: { fields: FormFieldRecord[] }) => form.fields.find((f) => f.id === 'subject');
  const textareaProperties = async () => {
    const schema = await json(await visitor().call('GET', '/api/template/GetTemplateSchema?type=form'));
    return schema.fieldTypes.find((t: { type: string }) => t.type === 'textarea').properties as string[];
  };
  const contactAnswers = async (v: Visitor, text: string) =>
    submit(v, 'contact', { ...CONTACT, message: text }, { captchaKey: await solveCaptcha(v) });

  it('is on in the demo store and for settings that list no named flags: textareas keep maxLength', async () => {
    for (const flags of [['vanilla-form-handler'], undefined]) {
      withFlags(flags);
      const form = await json(await visitor().call('GET', '/api/template/GetTemplateSchema?type=form&id=contact'));
      expect(message(form as FormRecord)?.maxLength).toBe(200);
      expect(await textareaProperties()).toContain('maxLength');
      const v = visitor();
      expect((await contactAnswers(v, 'x'.repeat(201))).status).toBe(400);
    }
  });

  it('off: textareas lose maxLength in the definition, the schema and the check; text fields keep theirs', async () => {
    withFlags([]);
    const form = await json(await visitor().call('GET', '/api/template/GetTemplateSchema?type=form&id=contact'));
    expect(message(form as FormRecord)).not.toHaveProperty('maxLength');
    expect(subject(form as FormRecord)?.maxLength).toBe(80);
    expect(await textareaProperties()).not.toContain('maxLength');
    expect((await contactAnswers(visitor(), 'x'.repeat(201))).status).toBe(200);
  });
});
