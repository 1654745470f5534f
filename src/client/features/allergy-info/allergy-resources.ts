/** An external organisation shown on the Allergy Resources page. */
export interface AllergyResource {
  id: string;
  title: string;
  /** One sentence about what the visitor finds there. */
  info: string;
  url: string;
}

/** Nine reputable organisations for patients in Ireland (public https home pages). */
export const allergyResources: AllergyResource[] = [
  {
    id: 'hse',
    title: 'HSE: Anaphylaxis',
    info: 'The Health Service Executive’s guide to the symptoms of anaphylaxis, when to call 112 or 999, and how it is treated.',
    url: 'https://www2.hse.ie/conditions/anaphylaxis/',
  },
  {
    id: 'ifan',
    title: 'Irish Food Allergy Network (IFAN)',
    info: 'Irish doctors, dietitians and researchers sharing guidance on food allergy, including advice on introducing allergenic foods to babies.',
    url: 'https://www.ifan.ie/',
  },
  {
    id: 'anaphylaxis-ireland',
    title: 'Anaphylaxis Ireland',
    info: 'The Irish charity supporting people at risk of anaphylaxis and their families, with training, school resources and a support network.',
    url: 'https://www.anaphylaxisireland.ie/',
  },
  {
    id: 'asthma-society',
    title: 'Asthma Society of Ireland',
    info: 'Information on asthma and allergic rhinitis, asthma action plans and a free adviceline with respiratory nurse specialists.',
    url: 'https://www.asthma.ie/',
  },
  {
    id: 'fsai',
    title: 'Food Safety Authority of Ireland',
    info: 'The rules on allergen labelling in Ireland, the 14 allergens that must be declared, and food allergen alerts and recalls.',
    url: 'https://www.fsai.ie/',
  },
  {
    id: 'irish-skin-foundation',
    title: 'Irish Skin Foundation',
    info: 'The national skin charity, with practical advice on managing eczema in children and adults and a nurse helpline.',
    url: 'https://irishskin.ie/',
  },
  {
    id: 'allergy-uk',
    title: 'Allergy UK',
    info: 'A leading allergy charity with clear factsheets on food, respiratory, skin and drug allergies for all ages.',
    url: 'https://www.allergyuk.org/',
  },
  {
    id: 'anaphylaxis-uk',
    title: 'Anaphylaxis UK',
    info: 'Factsheets, e-learning and guides on living with serious allergies, using adrenaline auto-injectors and eating out safely.',
    url: 'https://www.anaphylaxis.org.uk/',
  },
  {
    id: 'met-eireann',
    title: 'Met Éireann pollen forecast',
    info: 'Ireland’s national weather service publishes a daily pollen forecast for each region in its regional forecasts from spring to late summer.',
    url: 'https://www.met.ie/',
  },
];
