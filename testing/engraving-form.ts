/** The additional-fields form of an engraved pen in the widget tests: its text and font, both required. */
export const ENGRAVING_FORM = {
  id: 'form-engraving',
  name: 'Engraving',
  fields: [
    { id: 'engraving-text', type: 'text', title: 'Engraving text', required: true },
    { id: 'engraving-font', type: 'select', title: 'Font', required: true, options: ['Serif', 'Script'] },
  ],
};
