import type { BookableKindKey } from '../../shared/price-list';

/**
 * Demonstration content for an empty database: an invented private allergy clinic in Dublin. The people
 * are fictional; the advice follows the clinic's own rules (stop antihistamines 5 days before a skin prick
 * test, nasal antihistamines 3 days; arrive 15 minutes early; 48 hours' cancellation notice).
 */

export interface SeedTeamMember {
  fullName: string;
  userType: string;
  description: string;
}

export interface SeedArticle {
  title: string;
  /** How many days before the seeding day the article was published. */
  publishedDaysAgo: number;
  /** HTML: paragraphs, second-level headings and lists. */
  content: string;
}

export interface SeedFaq {
  title: string;
  answer: string;
  asHtml: boolean;
}

export interface SeedFeeCategory {
  title: string;
  services: {
    title: string;
    /** `kinds`: the bookable kinds that cost this line (Settings' price list). */
    prices: { description: string; amountEuro: number; kinds?: BookableKindKey[] }[];
  }[];
}

export const seedTeamMembers: SeedTeamMember[] = [
  {
    fullName: 'Dr Aoife Brennan',
    userType: 'Consultant Allergist and Clinical Director',
    description:
      'Dr Brennan trained in clinical immunology and allergy in Dublin and London and has looked after adults with allergic disease for more than fifteen years. Her particular interests are food allergy in adults, drug allergy (including penicillin allergy testing) and severe hay fever. She leads the adult service in Sandyford and Blackrock.',
  },
  {
    fullName: 'Dr Cian O’Sullivan',
    userType: 'Consultant Paediatric Allergist',
    description:
      'Dr O’Sullivan looks after babies, children and teenagers with food allergy, eczema, hay fever and asthma. He runs the children’s clinic in Suite 36 and the supervised food challenge service. He works closely with families, schools and crèches so that children with allergies can take part in everything their friends do.',
  },
  {
    fullName: 'Dr Niamh Gallagher',
    userType: 'Consultant Allergist',
    description:
      'Dr Gallagher sees adults with allergic rhinitis, chronic hives (urticaria), angioedema and insect sting allergy. She runs the clinic’s video consultation service and its allergen immunotherapy programme for people whose hay fever or dust mite allergy is not controlled by the usual treatments.',
  },
  {
    fullName: 'Siobhán Kavanagh',
    userType: 'Clinical Nurse Specialist in Allergy',
    description:
      'Siobhán carries out skin prick and patch tests for adults and is usually the first person patients meet on the day of their test. She teaches patients how and when to use an adrenaline auto-injector and is happy to answer questions about preparing for a test before you come in.',
  },
  {
    fullName: 'Róisín Doyle',
    userType: 'Clinical Nurse Specialist, Paediatric Allergy',
    description:
      'Róisín supports children and their families through skin prick testing and supervised food challenges, with plenty of time and a calm, playful approach. She trains parents, grandparents, childminders and school staff to recognise allergic reactions and to use auto-injectors with confidence.',
  },
  {
    fullName: 'Orla Byrne',
    userType: 'Specialist Allergy Dietitian',
    description:
      'Orla helps adults and children manage food allergies safely without cutting out more foods than they need to. She advises on cow’s milk allergy in infants, weaning and the early introduction of allergenic foods, and on reading food labels. She is registered with CORU, the regulator for health and social care professionals in Ireland.',
  },
  {
    fullName: 'Declan Murphy',
    userType: 'Practice Manager',
    description:
      'Declan runs the clinic day to day: appointments, referrals, fees and receipts for health insurance claims. If you have a question about a booking or an invoice, he is the person to ask.',
  },
];

export const seedArticles: SeedArticle[] = [
  {
    title: 'How to prepare for your skin prick test',
    publishedDaysAgo: 9,
    content: `<p>A skin prick test is the quickest and most reliable way to check for the common allergies: pollens, house dust mite, pets, moulds and many foods. It is safe for adults and for children of any age, it feels like a light scratch rather than an injection, and you will know your results before you leave the clinic. A little preparation makes sure those results are accurate.</p>
<h2>Stop antihistamines five days before</h2>
<p>Antihistamines block the very reaction the test looks for, so a test done while they are still working can look falsely negative. Please stop antihistamine tablets and syrups (for example cetirizine, loratadine, fexofenadine, desloratadine or chlorphenamine) <strong>five days</strong> before your appointment, and antihistamine nasal sprays and eye drops <strong>three days</strong> before.</p>
<ul>
<li>Keep taking your asthma inhalers, including steroid inhalers.</li>
<li>Steroid nasal sprays can be continued as normal.</li>
<li>Do not stop any prescribed medicine without checking with us or your doctor first. Some antidepressants and some stomach medicines also have an antihistamine effect, so bring a list of everything you take.</li>
<li>If you have an adrenaline auto-injector, bring it with you.</li>
</ul>
<h2>On the day</h2>
<p>Eat and drink as you normally would. Wear a top with sleeves that roll up easily, and do not put moisturiser or steroid cream on your forearms that day. Please arrive 15 minutes early so that we can go through your history before testing begins.</p>
<h2>What happens during the test</h2>
<p>The nurse places small drops of allergen extract on the inside of your forearm (on the back for small children) and gently pricks the skin through each drop with a tiny sterile lancet. After 15 minutes we measure any raised, itchy bumps. The doctor then explains what the results mean alongside your symptoms, because a positive skin test on its own does not always mean a true allergy, and a plan is agreed with you before you go home.</p>
<h2>Afterwards</h2>
<p>Any itch usually settles within an hour, and you can restart your antihistamines straight after the test. We send a letter with the results and our recommendations to you and, if you wish, to your GP.</p>`,
  },
  {
    title: 'Hay fever season in Ireland: what to expect and how to cope',
    publishedDaysAgo: 31,
    content: `<p>Hay fever, or allergic rhinitis, is one of the most common allergies in Ireland. Sneezing, a blocked or runny nose and itchy, watery eyes are the best-known symptoms, but poor sleep, tiredness and difficulty concentrating at school or work can be just as troublesome. Knowing which pollen affects you, and when it is in the air, lets you get ahead of your symptoms.</p>
<h2>The pollen calendar</h2>
<ul>
<li><strong>Trees, February to May:</strong> hazel and alder release pollen early in the year, followed by birch in April and May.</li>
<li><strong>Grass, late May to July:</strong> the main hay fever season for most people in Ireland, usually at its worst in June.</li>
<li><strong>Weeds, July to September:</strong> nettle, dock and mugwort.</li>
<li><strong>Mould spores, late summer and autumn:</strong> especially in damp, mild weather.</li>
</ul>
<h2>Treatment works best when it starts early</h2>
<p>A steroid nasal spray is the most effective treatment for regular hay fever, but it takes a week or two to work fully: start it about two weeks before your season usually begins and use it every day, aiming the nozzle slightly outwards, away from the middle of the nose. A non-drowsy antihistamine helps with sneezing and itching, and antihistamine or anti-allergy eye drops help itchy eyes.</p>
<h2>Everyday tips</h2>
<ul>
<li>Check the daily pollen forecast and keep windows closed on high-pollen days, especially in the early morning and evening.</li>
<li>Wear wraparound sunglasses outdoors.</li>
<li>Shower, wash your hair and change your clothes after time outside.</li>
<li>Dry laundry indoors or in a dryer when the count is high.</li>
<li>Keep car windows closed and use the pollen filter if your car has one.</li>
</ul>
<h2>When to see an allergist</h2>
<p>If your symptoms are not controlled by regular treatment, if hay fever makes your asthma worse, or if it affects exams or work, a skin prick test can confirm which pollens are responsible. For people with severe grass or tree pollen allergy, allergen immunotherapy (daily tablets or drops under the tongue, usually for three years) can reduce symptoms for years after the treatment ends.</p>`,
  },
  {
    title: 'Food allergy in children: signs, testing and everyday life',
    publishedDaysAgo: 57,
    content: `<p>Food allergy affects around one young child in twenty. The foods most often responsible are cow’s milk, egg, peanut, tree nuts, sesame, fish, shellfish, wheat and soya. A diagnosis can feel overwhelming at first, but with the right information most families quickly become confident about keeping their child safe.</p>
<h2>Recognising a reaction</h2>
<p>Immediate (IgE-mediated) reactions usually begin within minutes and almost always within two hours of eating the food. Signs include:</p>
<ul>
<li>hives or a red, itchy rash;</li>
<li>swelling of the lips, face or eyes;</li>
<li>vomiting or tummy pain;</li>
<li>coughing, wheezing, a hoarse voice or noisy breathing, which are signs of a severe reaction (anaphylaxis) and need adrenaline straight away.</li>
</ul>
<p>Delayed reactions, such as worsening eczema, reflux or diarrhoea hours or days later, are also possible, particularly with milk. Skin and blood tests do not detect these, so a careful history and a supervised trial of removing and then reintroducing the food are used instead.</p>
<h2>How we test</h2>
<p>Testing is always guided by what happened. Skin prick tests and specific IgE blood tests show whether your child is sensitised to a food, but a positive result does not always mean a true allergy. When the answer is unclear, a supervised oral food challenge in the clinic, where the food is given in gradually increasing amounts, is the most accurate way to know.</p>
<h2>Please do not cut out foods without advice</h2>
<p>Removing foods “just in case” can affect growth and can even make a true allergy more likely to develop. Our dietitian helps families keep their child’s diet varied and nutritious. For babies with severe eczema or an existing food allergy, introducing egg and peanut (in a safe, age-appropriate form such as smooth peanut butter mixed into food) from around six months of age, and not before four months, lowers the risk of allergy to those foods. Ask us first if your baby is in this group.</p>
<h2>Growing out of it</h2>
<p>Most children outgrow milk and egg allergy by school age. Peanut and tree nut allergies are more often lifelong, although about one child in five grows out of peanut allergy. We review children regularly, so that no one avoids a food for longer than they need to.</p>`,
  },
  {
    title: 'Anaphylaxis and adrenaline auto-injectors: a practical guide',
    publishedDaysAgo: 84,
    content: `<p>Anaphylaxis is a severe allergic reaction that affects breathing or circulation. It can develop within minutes and it is a medical emergency, but it can be treated quickly and effectively with adrenaline. Everyone who has been prescribed an adrenaline auto-injector, and the people around them, should know exactly what to do.</p>
<h2>Know the signs: A, B, C</h2>
<ul>
<li><strong>Airway:</strong> swelling of the tongue or throat, difficulty swallowing, a hoarse voice.</li>
<li><strong>Breathing:</strong> a persistent cough, wheeze, noisy or difficult breathing.</li>
<li><strong>Circulation:</strong> feeling faint or dizzy, becoming pale, floppy or sleepy, collapse.</li>
</ul>
<p>Hives, swollen lips or vomiting can come first, but any of the A, B or C signs means anaphylaxis, even without a rash.</p>
<h2>What to do</h2>
<ul>
<li>Use the adrenaline auto-injector straight away, into the outer thigh. It works through clothing.</li>
<li>Call 112 or 999, ask for an ambulance and say “anaphylaxis”.</li>
<li>Lie the person down with their legs raised. If breathing is difficult, let them sit up, but do not let them stand or walk, even if they feel better.</li>
<li>If there is no improvement after five minutes, give the second auto-injector.</li>
<li>Stay with the person until help arrives. Everyone who has needed adrenaline must be seen in hospital.</li>
</ul>
<p>If in doubt, give the adrenaline. It is far safer to use it when it was not strictly needed than to delay it.</p>
<h2>Living with an auto-injector</h2>
<ul>
<li>Carry two auto-injectors at all times, including at school, at work, on holiday and during sport.</li>
<li>Check the expiry dates and sign up for the manufacturer’s expiry reminder service.</li>
<li>Store them at room temperature, not in the fridge or a hot car.</li>
<li>Practise regularly with a trainer pen, and teach family, friends, teachers and colleagues.</li>
</ul>
<p>Our nurses offer auto-injector training for patients, parents and carers. After any reaction, come back to see us: together we will look at what caused it and update your allergy action plan.</p>`,
  },
  {
    title: 'House dust mite allergy: practical steps for an Irish home',
    publishedDaysAgo: 112,
    content: `<p>House dust mites are microscopic creatures that live in bedding, mattresses, carpets and soft furnishings, feeding on the skin flakes we shed every day. Ireland’s mild, damp climate suits them well, and allergy to the droppings they leave behind is one of the most common allergies we see. It typically causes a blocked or runny nose all year round, often worse in the morning, and it can aggravate asthma and eczema.</p>
<h2>Start with the bedroom</h2>
<p>We spend about a third of our lives in bed, so that is where reducing exposure matters most.</p>
<ul>
<li>Fit allergen-proof covers to the mattress, pillows and duvet.</li>
<li>Wash sheets and pillowcases every week at 60 °C, which kills mites.</li>
<li>Choose washable pillows and duvets, and replace old pillows.</li>
<li>Keep soft toys to a minimum; wash them at 60 °C or put them in a bag in the freezer for 24 hours, then wash them to remove the allergen.</li>
</ul>
<h2>Keep the air drier</h2>
<p>Dust mites need humidity to survive. Open the bedroom window for a while each day, use extractor fans when cooking and showering, avoid drying clothes on radiators, and consider a dehumidifier in a damp room.</p>
<h2>Cleaning</h2>
<ul>
<li>Vacuum regularly with a cleaner that has a HEPA filter, ideally when the person with the allergy is out of the room.</li>
<li>Dust with a damp cloth, which traps the allergen instead of spreading it.</li>
<li>Hard floors and blinds are easier to keep free of dust than carpets and heavy curtains.</li>
</ul>
<h2>When the measures are not enough</h2>
<p>A single measure on its own rarely makes a big difference; a combination works better. If symptoms continue, a steroid nasal spray and antihistamines usually help, and for people with persistent dust mite allergic rhinitis or allergic asthma, allergen immunotherapy tablets can reduce symptoms in the long term. A skin prick test confirms whether dust mite is the cause before you spend time and money on changes at home.</p>`,
  },
  {
    title: 'Oral allergy syndrome: why a raw apple can make your mouth itch',
    publishedDaysAgo: 146,
    content: `<p>If eating a raw apple, pear, cherry, kiwi, carrot or a handful of hazelnuts makes your mouth, lips or throat itch or tingle within minutes, you may have oral allergy syndrome, also called pollen food syndrome. It is very common in people with hay fever, particularly those allergic to birch tree pollen.</p>
<h2>Why it happens</h2>
<p>Proteins in some fruits, vegetables and nuts look very similar to proteins in pollen. The immune system of someone with pollen allergy can mistake one for the other. These proteins are fragile: they are usually destroyed by cooking, canning or microwaving, and they are often concentrated just under the skin. That is why many people can enjoy apple tart or tinned peaches but not the raw fruit.</p>
<h2>Foods often involved with birch pollen allergy</h2>
<ul>
<li>Fruits: apple, pear, cherry, plum, peach, apricot, kiwi.</li>
<li>Vegetables: raw carrot, celery.</li>
<li>Nuts: hazelnut, almond, walnut.</li>
<li>Soya, particularly soya milk drinks and protein shakes.</li>
</ul>
<h2>Is it dangerous?</h2>
<p>For most people symptoms are mild and settle quickly once the food is swallowed or spat out. Symptoms can be worse during the pollen season. Contact us, or your GP, if you have symptoms beyond the mouth, such as hives, vomiting, throat tightness or difficulty breathing, if you react to cooked foods or to peanuts, or if you react to large amounts of soya milk, which occasionally causes more severe reactions.</p>
<h2>Managing it</h2>
<p>Avoid the raw foods that cause symptoms, but there is no need to avoid the cooked versions if you tolerate them. Peeling fruit sometimes helps. Good control of your hay fever may also reduce symptoms. At your appointment we can test for the pollens and foods involved and check that a nut reaction is pollen-related rather than a true nut allergy, which needs a different plan.</p>`,
  },
  {
    title: 'Penicillin allergy: are you really allergic?',
    publishedDaysAgo: 181,
    content: `<p>About one person in ten has “penicillin allergy” written in their medical records, yet when they are properly tested, more than nine in ten of them turn out to be able to take penicillin safely. Many labels date from a rash in childhood that was caused by the infection itself, or from side effects such as nausea that are not allergy. True penicillin allergy can also fade with time.</p>
<h2>Why it matters</h2>
<p>People with a penicillin allergy label are usually given alternative antibiotics. These can be less effective, have more side effects, and are more likely to lead to infections such as <em>C. difficile</em> and to antibiotic resistance. Removing an incorrect label can make future treatment simpler and safer, from a dental infection to major surgery.</p>
<h2>How testing works</h2>
<ul>
<li>A detailed history: what happened, how soon after starting the antibiotic, and how it was treated.</li>
<li>Skin prick and intradermal tests with penicillin, when indicated.</li>
<li>A supervised oral challenge with amoxicillin in the clinic, followed by observation.</li>
</ul>
<p>If the tests and challenge are negative, we write to you and your GP so the label can be removed from your records, and we explain how to make sure it is not added again.</p>
<h2>Who should not be challenged</h2>
<p>People who had a severe skin reaction with blistering, peeling skin or mouth ulcers, or a reaction that affected the liver, kidneys or blood, should avoid the drug and are not offered a challenge. Tell us about any such reaction when you book.</p>
<h2>Preparing for your appointment</h2>
<p>As with other allergy tests, stop antihistamines five days before, bring any records you have of the original reaction, and arrive 15 minutes early.</p>`,
  },
];

export const seedFaqs: SeedFaq[] = [
  {
    title: 'Do I need a referral from my GP?',
    answer:
      'No. You can book an allergy test or a video consultation directly online. If you do have a referral letter from your GP or another doctor, please upload it when you book, because it helps us prepare for your appointment. You can also send us a self-referral, and we will contact you once it has been triaged.',
    asHtml: false,
  },
  {
    title: 'How do I prepare for a skin prick test?',
    answer: `<p>A few simple steps make sure your results are accurate:</p>
<ul>
<li>Stop antihistamine tablets and syrups <strong>5 days</strong> before your appointment.</li>
<li>Stop antihistamine nasal sprays and eye drops <strong>3 days</strong> before.</li>
<li>Keep using your asthma inhalers and steroid nasal sprays.</li>
<li>Do not put creams or moisturiser on your forearms on the day.</li>
<li>Arrive 15 minutes early.</li>
</ul>
<p>Never stop a prescribed medicine without checking with us or your doctor first.</p>`,
    asHtml: true,
  },
  {
    title: 'How long will the appointment take?',
    answer:
      'Please allow about an hour. The skin prick test itself takes only a few minutes, but the reactions are read after 15 minutes, and the doctor then discusses the results and your treatment plan with you. Please arrive 15 minutes before your appointment time.',
    asHtml: false,
  },
  {
    title: 'Can children and babies be tested?',
    answer:
      'Yes. Skin prick tests are safe at any age, including for babies. Children are seen by our consultant paediatric allergist in our dedicated children’s suite. Patients under 16 must be accompanied by a parent or legal guardian, who gives consent for the test.',
    asHtml: false,
  },
  {
    title: 'Does it hurt?',
    answer:
      'Most people, including children, find it much easier than they expect. Each prick feels like a light scratch and does not draw blood. If a test is positive, the spot becomes itchy for a short while, a bit like a midge bite, and settles within an hour.',
    asHtml: false,
  },
  {
    title: 'What is your cancellation policy?',
    answer:
      'If you need to cancel or change your appointment, please give us at least 48 hours’ notice so that we can offer the time to another patient. Cancellations with less than 48 hours’ notice, or missed appointments, may be charged in full.',
    asHtml: false,
  },
  {
    title: 'Do you offer video consultations?',
    answer:
      'Yes. A video consultation (85 €) suits follow-up appointments, questions about test results, and advice on whether testing is needed. Allergy tests themselves have to be done in person. You will receive a link to join the call with your booking confirmation.',
    asHtml: false,
  },
  {
    title: 'Will my health insurance cover the cost?',
    answer: `<p>Many Irish health insurance plans contribute towards consultant fees and outpatient tests, but cover depends on your policy. Please check with your insurer before your appointment.</p>
<p>We give you a receipt after every appointment for your claim. See our <a href="/privacy_policy">privacy policy</a> for how we handle the information on it.</p>`,
    asHtml: true,
  },
  {
    title: 'How do I pay?',
    answer:
      'You pay securely by card when you book online. Your card details are handled by our payment provider and never stored by the clinic. You receive a confirmation e-mail with your receipt once the payment has gone through.',
    asHtml: false,
  },
  {
    title: 'I sent a self-referral. When will I hear from you?',
    answer:
      'Every referral is read and triaged by our clinical team, and we contact you to arrange the right appointment. If you have not heard from us within 7 to 10 days, please e-mail us so that we can check on it.',
    asHtml: false,
  },
  {
    title: 'What should I bring to my appointment?',
    answer: `<ul>
<li>A list of all the medicines you take, including inhalers, creams and anything bought over the counter.</li>
<li>Any previous allergy test results and letters from other doctors.</li>
<li>Your adrenaline auto-injectors, if you have them.</li>
<li>For children: the completed patient information form from our <a href="/forms">Forms</a> page.</li>
</ul>`,
    asHtml: true,
  },
  {
    title: 'How long do you keep my information?',
    answer:
      'Information sent through the forms on this website is kept for 90 days and then deleted (a booking that is never paid, 24 hours after it was started); your clinical record is kept in our clinic records system as the law requires. You can ask to see, correct or delete your personal data at any time, and we reply to every request within 30 days.',
    asHtml: false,
  },
];

export const seedFeeCategories: SeedFeeCategory[] = [
  {
    title: 'Consultations',
    services: [
      {
        title: 'Adult consultation',
        prices: [
          { description: 'New patient consultation with a consultant allergist', amountEuro: 250 },
          { description: 'Review consultation', amountEuro: 150 },
        ],
      },
      {
        title: 'Child consultation',
        prices: [
          { description: 'New patient consultation with a consultant paediatric allergist', amountEuro: 250 },
          { description: 'Review consultation', amountEuro: 150 },
        ],
      },
      {
        title: 'Video consultation',
        prices: [
          {
            description: 'Video consultation, up to 30 minutes',
            amountEuro: 85,
            kinds: ['adult_video', 'child_video'],
          },
        ],
      },
    ],
  },
  {
    title: 'Allergy testing',
    services: [
      {
        title: 'Skin prick test',
        prices: [
          {
            description: 'Skin prick test, adult or child, with the results discussed with the doctor',
            amountEuro: 180,
            kinds: ['adult_test', 'child_test'],
          },
        ],
      },
      {
        title: 'Patch testing',
        prices: [{ description: 'Patch test series (three visits over one week)', amountEuro: 350 }],
      },
      {
        title: 'Blood tests',
        prices: [{ description: 'Specific IgE blood test, per panel', amountEuro: 95 }],
      },
    ],
  },
  {
    title: 'Food and drug challenges',
    services: [
      {
        title: 'Oral food challenge',
        prices: [{ description: 'Supervised oral food challenge (half day)', amountEuro: 450 }],
      },
      {
        title: 'Penicillin allergy testing',
        prices: [
          { description: 'Skin tests and supervised oral challenge with amoxicillin', amountEuro: 495 },
        ],
      },
    ],
  },
  {
    title: 'Follow-up',
    services: [
      {
        title: 'Follow-up appointment',
        prices: [
          { description: 'Follow-up in the clinic', amountEuro: 120 },
          { description: 'Follow-up by video call', amountEuro: 85 },
        ],
      },
    ],
  },
  {
    title: 'Dietetics',
    services: [
      {
        title: 'Specialist allergy dietitian',
        prices: [
          { description: 'First appointment (60 minutes)', amountEuro: 120 },
          { description: 'Review appointment (30 minutes)', amountEuro: 75 },
        ],
      },
    ],
  },
  {
    title: 'Training and reports',
    services: [
      {
        title: 'Adrenaline auto-injector training',
        prices: [{ description: 'Nurse-led session for a patient and family (45 minutes)', amountEuro: 50 }],
      },
      {
        title: 'Reports and letters',
        prices: [
          { description: 'Allergy action plan for a school or crèche', amountEuro: 30 },
          { description: 'Medical report', amountEuro: 60 },
        ],
      },
    ],
  },
];

/** The demonstration slot schedule: weekdays only, in clinic time (Europe/Dublin). */
export const seedSlotSchedule = {
  /** How many days ahead, counted from tomorrow. */
  days: 28,
  firstSlot: { hour: 9, minute: 0 },
  lengthMinutes: 30,
  gapMinutes: 10,
  inPersonSlotsPerDay: 4,
  videoSlotsPerDay: 2,
  inPersonPriceCents: 180_00,
  videoPriceCents: 85_00,
  /** Who is seen where on each weekday (getDay(): 1 = Monday). */
  byWeekday: {
    1: { isAdult: true, location: 'adult_1' },
    2: { isAdult: false, location: 'child' },
    3: { isAdult: true, location: 'adult_2' },
    4: { isAdult: false, location: 'child' },
    5: { isAdult: true, location: 'adult_1' },
  },
} as const;

/** A demonstration appointment: a fictional patient and where their appointment is in its life. */
export interface SeedAppointment {
  patient: {
    firstName: string;
    lastName: string;
    /** At example.com: no one real is ever e-mailed. */
    email: string | null;
    phone: string;
    dob: string;
    guardian?: { firstName: string; lastName: string };
    gp?: { name: string; address: string; email?: string };
    allergens?: string;
  };
  isAdult: boolean;
  isVideoCall: boolean;
  /** `{ upcoming: n }`: the kind's n-th seeded slot (0 = the first); `{ weekdaysAgo: n }`: a slot that day, now past. */
  when: { upcoming: number } | { weekdaysAgo: number };
  status: 'paid' | 'booked' | 'attended' | 'no_show';
  /** Paid by card on the website (in test mode), or booked by staff with their words for how it is paid. */
  paid: 'card' | { bookedByAdmin: string };
  /** When it was registered, in hours before the seeding (a past one's well before its slot). */
  registeredHoursAgo: number;
}

/**
 * The back office's demonstration morning: ten appointments of fictional patients (made-up Irish names, e-mails
 * at example.com), some paid by card in test mode and some booked by staff, adults and children, tests and
 * video consultations, three in the past (two attended, one no-show) and the rest upcoming.
 */
export const seedAppointments: SeedAppointment[] = [
  {
    patient: {
      firstName: 'Aoife',
      lastName: 'Ní Bhriain',
      email: 'aoife.nibhriain@example.com',
      phone: '087 555 0101',
      dob: '1988-03-14',
      gp: { name: 'Dr Máire Ó Dálaigh', address: '14 Main Street, Dundrum, Dublin 14' },
      allergens: 'Hay fever every May, and an itchy mouth after eating apples.',
    },
    isAdult: true,
    isVideoCall: false,
    when: { upcoming: 0 },
    status: 'paid',
    paid: 'card',
    registeredHoursAgo: 1,
  },
  {
    patient: {
      firstName: 'Seán',
      lastName: 'Ó Súilleabháin',
      email: 'sean.osuilleabhain@example.com',
      phone: '086 555 0102',
      dob: '1975-11-02',
      gp: {
        name: 'Dr Ciarán Breen',
        address: 'Sandyford Medical Centre, Dublin 18',
        email: 'reception@example.com',
      },
      allergens: 'Wheezing around cats and dogs since childhood.',
    },
    isAdult: true,
    isVideoCall: false,
    when: { upcoming: 1 },
    status: 'booked',
    paid: { bookedByAdmin: 'Health insurance' },
    registeredHoursAgo: 3,
  },
  {
    patient: {
      firstName: 'Caoimhe',
      lastName: 'Mac Gearailt',
      email: 'caoimhe.macgearailt@example.com',
      phone: '085 555 0103',
      dob: '1993-07-21',
    },
    isAdult: true,
    isVideoCall: true,
    when: { upcoming: 0 },
    status: 'paid',
    paid: 'card',
    registeredHoursAgo: 26,
  },
  {
    patient: {
      firstName: 'Róisín',
      lastName: 'Nic Aodha',
      email: 'maire.nicaodha@example.com',
      phone: '087 555 0104',
      dob: '2017-05-09',
      guardian: { firstName: 'Máire', lastName: 'Nic Aodha' },
      allergens: 'Hives after eating peanut butter at a party.',
    },
    isAdult: false,
    isVideoCall: false,
    when: { upcoming: 0 },
    status: 'paid',
    paid: 'card',
    registeredHoursAgo: 2,
  },
  {
    patient: {
      firstName: 'Oisín',
      lastName: 'Breathnach',
      email: 'padraig.breathnach@example.com',
      phone: '083 555 0105',
      dob: '2019-01-30',
      guardian: { firstName: 'Pádraig', lastName: 'Breathnach' },
    },
    isAdult: false,
    isVideoCall: true,
    when: { upcoming: 0 },
    status: 'booked',
    paid: { bookedByAdmin: 'Pay at the clinic' },
    registeredHoursAgo: 50,
  },
  {
    patient: {
      firstName: 'Éabha',
      lastName: 'Ní Chonaill',
      email: 'eabha.nichonaill@example.com',
      phone: '089 555 0106',
      dob: '2001-09-17',
      gp: { name: 'Dr Fionn Ó Riain', address: 'Main Street Surgery, Bray, Co. Wicklow' },
      allergens: 'Sneezing and streaming eyes from dust at home all year.',
    },
    isAdult: true,
    isVideoCall: false,
    when: { upcoming: 5 },
    status: 'paid',
    paid: 'card',
    registeredHoursAgo: 120,
  },
  {
    patient: {
      firstName: 'Tadhg',
      lastName: 'Ó Ceallaigh',
      email: null,
      phone: '086 555 0107',
      dob: '2015-12-03',
      guardian: { firstName: 'Siobhán', lastName: 'Ó Ceallaigh' },
    },
    isAdult: false,
    isVideoCall: false,
    when: { upcoming: 2 },
    status: 'booked',
    paid: { bookedByAdmin: 'Pay at the clinic' },
    registeredHoursAgo: 4,
  },
  {
    patient: {
      firstName: 'Saoirse',
      lastName: 'Uí Bhriain',
      email: 'saoirse.uibhriain@example.com',
      phone: '087 555 0108',
      dob: '1982-02-25',
      gp: { name: 'Dr Máire Ó Dálaigh', address: '14 Main Street, Dundrum, Dublin 14' },
      allergens: 'Swollen lips after eating prawns on holiday.',
    },
    isAdult: true,
    isVideoCall: false,
    when: { weekdaysAgo: 1 },
    status: 'attended',
    paid: 'card',
    registeredHoursAgo: 170,
  },
  {
    patient: {
      firstName: 'Darragh',
      lastName: 'Mac Cárthaigh',
      email: 'darragh.maccarthaigh@example.com',
      phone: '085 555 0109',
      dob: '1969-06-11',
    },
    isAdult: true,
    isVideoCall: true,
    when: { weekdaysAgo: 1 },
    status: 'no_show',
    paid: { bookedByAdmin: 'Health insurance' },
    registeredHoursAgo: 200,
  },
  {
    patient: {
      firstName: 'Clíodhna',
      lastName: 'Ní Mhurchú',
      email: 'grainne.nimhurchu@example.com',
      phone: '083 555 0110',
      dob: '2014-08-22',
      guardian: { firstName: 'Gráinne', lastName: 'Ní Mhurchú' },
      allergens: 'Eczema flares and a runny nose in spring.',
    },
    isAdult: false,
    isVideoCall: false,
    when: { weekdaysAgo: 2 },
    status: 'attended',
    paid: { bookedByAdmin: 'Pay at the clinic' },
    registeredHoursAgo: 240,
  },
];
