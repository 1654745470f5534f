/** One allergy type of the home and about pages' tab selector. */
export interface AllergyType {
  id: string;
  /** The tab label (the specification's term). */
  name: string;
  /** Heading of the open panel, when it should say more than the tab label. */
  heading?: string;
  /** One sentence, shown first when the tab is open. */
  summary: string;
  paragraphs: string[];
}

/** The seven allergy types of the specification, in its order. */
export const allergyTypes: AllergyType[] = [
  {
    id: 'oral-allergy-syndrome',
    name: 'Oral allergy syndrome',
    summary:
      'An itchy or tingling mouth, lips or throat within minutes of eating certain raw fruits, vegetables or nuts, usually in people with hay fever.',
    paragraphs: [
      'Oral allergy syndrome, also called pollen food syndrome, happens because some proteins in raw plant foods look very like the proteins in pollen. If your immune system is sensitised to pollen, it can mistake these foods for pollen and react to them.',
      'Symptoms usually start within a few minutes of eating and stay in the mouth and throat: itching, tingling or mild swelling of the lips, tongue, palate or throat. They normally settle quickly once the food is swallowed or removed. Severe reactions are uncommon but can happen, particularly with nuts, soya milk or celery.',
      'In Ireland it is most often linked to birch tree pollen, which peaks in April. Common triggers are raw apple, pear, cherry, plum, peach, kiwi, carrot and celery, and hazelnuts and almonds. Cooking, tinning or microwaving usually breaks down the proteins, so many people can eat the same food cooked.',
      'At the clinic we take a detailed history and skin prick test to pollens and, where useful, to the fresh fruit or vegetable itself. We then advise which foods to avoid, which are safe, and whether you need an adrenaline auto-injector.',
    ],
  },
  {
    id: 'allergic-rhinitis',
    name: 'Allergic rhinitis',
    summary:
      'Inflammation of the lining of the nose caused by an allergy, with sneezing, a runny or blocked nose and itching.',
    paragraphs: [
      'Allergic rhinitis is one of the most common allergic conditions in Ireland. When you breathe in something you are allergic to, the lining of your nose becomes inflamed and releases histamine and other chemicals.',
      'Typical symptoms are sneezing, a runny or blocked nose, an itchy nose, throat or roof of the mouth, and mucus running down the back of the throat. Many people also have itchy, watery eyes. Poor sleep and tiredness are common, and in children it can affect concentration at school. It often goes with asthma and can make asthma harder to control.',
      'Seasonal allergic rhinitis (hay fever) is caused by tree, grass or weed pollen. Perennial allergic rhinitis, with symptoms all year round, is usually caused by house dust mite, cat or dog dander, or mould spores, all common in Irish homes.',
      'A skin prick test shows which allergens are responsible, so you can reduce your exposure and use the right treatment: non-drowsy antihistamines, steroid nasal sprays and saline rinses. If these are not enough, we can discuss allergen immunotherapy, a longer-term treatment that reduces the allergy itself.',
    ],
  },
  {
    id: 'grass-pollen',
    name: 'Grass pollen',
    summary: 'The most common cause of hay fever in Ireland, at its worst from late May to July.',
    paragraphs: [
      'Grass pollen is the main cause of hay fever in Ireland. The grass pollen season usually starts in mid to late May, peaks in June and early July, and fades out by late August or September. Counts are highest on warm, dry, sunny days, especially in the late afternoon and early evening.',
      'Symptoms include sneezing, a runny or blocked nose, itchy, red and watery eyes, an itchy throat and tiredness. Grass pollen can also make asthma worse, so people with asthma may notice more coughing or wheezing during the season.',
      'It helps to check the daily pollen forecast, keep windows closed when counts are high, wear wraparound sunglasses, shower and change your clothes after being outdoors, and dry laundry indoors. Starting a steroid nasal spray about two weeks before the season gives the best control.',
      'Skin prick testing confirms whether grass pollen is the cause. For people whose symptoms are not controlled by medicines, grass pollen immunotherapy, a daily tablet under the tongue taken for three years, can reduce symptoms for years afterwards. We can tell you whether it is suitable for you or your child.',
    ],
  },
  {
    id: 'conjunctivitis',
    name: 'Conjunctivitis',
    heading: 'Allergic conjunctivitis',
    summary: 'Itchy, red, watery and swollen eyes caused by an allergy, often together with hay fever.',
    paragraphs: [
      'Allergic conjunctivitis is inflammation of the conjunctiva, the thin clear layer that covers the white of the eye and lines the eyelids. It is caused by allergens landing on the eye and is not infectious.',
      'It usually affects both eyes. Symptoms are itching, redness, watering, a gritty feeling and puffy eyelids. Rubbing the eyes makes it worse. It often comes with sneezing and a runny nose.',
      'Seasonal allergic conjunctivitis is caused by tree and grass pollen in spring and summer. Symptoms all year round are usually due to house dust mite, pet dander or mould. See a doctor urgently if you have eye pain, changes in your vision, sensitivity to light, or if only one eye is affected: these are not typical of allergy.',
      'Cool compresses, lubricating drops and antihistamine or mast-cell stabiliser eye drops can ease symptoms. A skin prick test identifies the trigger so that you can reduce your exposure and we can plan treatment, including immunotherapy if symptoms are severe.',
    ],
  },
  {
    id: 'food',
    name: 'Food',
    heading: 'Food allergy',
    summary:
      'An immune reaction to a food that can cause hives, swelling, vomiting and, in some people, anaphylaxis.',
    paragraphs: [
      'A food allergy happens when the immune system reacts to a protein in a food as if it were harmful. It is different from a food intolerance, which does not involve the immune system and is not dangerous, although it can be uncomfortable.',
      'Symptoms usually start within minutes and up to two hours after eating: an itchy or tingling mouth, hives or an itchy rash, swelling of the lips, face or eyes, stomach pain or vomiting. A severe reaction (anaphylaxis) affects breathing or circulation and needs adrenaline and a 112 or 999 call straight away.',
      'The most common food allergens are cows’ milk, egg, peanut, tree nuts, sesame, fish, shellfish, soya and wheat. Milk and egg allergy in young children is often outgrown; peanut and tree nut allergy usually last. Under EU law, 14 allergens must be highlighted on labels and declared for food sold loose, for example in restaurants.',
      'At the clinic we combine a detailed history with skin prick testing. A positive test on its own does not prove an allergy, so results are always interpreted by a clinician. You leave with a clear plan: what to avoid, what to do in a reaction, and an adrenaline auto-injector prescription and training where needed.',
    ],
  },
  {
    id: 'asthma',
    name: 'Asthma',
    summary:
      'A long-term condition of the airways causing cough, wheeze, chest tightness and breathlessness, often triggered by allergies.',
    paragraphs: [
      'Asthma affects the airways that carry air in and out of the lungs. In asthma they are sensitive and inflamed, and when they react to a trigger they narrow and produce extra mucus. Ireland has one of the highest rates of asthma in the world.',
      'Symptoms include coughing, particularly at night or early in the morning, wheezing, a tight chest and shortness of breath, often worse with exercise or colds. If a reliever inhaler does not help, or breathing is very difficult, call 112 or 999.',
      'Common triggers in Ireland are colds and flu, house dust mite, pollen, pets, mould, cigarette smoke, air pollution, cold damp air and exercise. Many people with asthma, especially children, have allergies that make it worse.',
      'Skin prick testing shows which allergens affect you, so you can reduce exposure. Treating allergic rhinitis at the same time often improves asthma control. We work with your GP or respiratory specialist, who continues to manage your inhalers and asthma action plan.',
    ],
  },
  {
    id: 'house-dust-mite',
    name: 'House dust mite',
    summary:
      'Tiny creatures in bedding, carpets and soft furnishings: the most common cause of year-round allergy in Irish homes.',
    paragraphs: [
      'House dust mites are microscopic creatures that live in mattresses, pillows, duvets, carpets, sofas and soft toys and feed on flakes of human skin. They thrive in warm, humid homes, so they are very common in Ireland. The allergy is to proteins in their droppings.',
      'Because mites are present all year, symptoms are often constant and worse at night or on waking: a blocked or runny nose, sneezing, itchy eyes, cough and wheeze. House dust mite is also a common trigger of asthma and can make eczema worse.',
      'Reducing exposure helps: allergen-proof covers for mattresses, pillows and duvets, washing bedding every week at 60 °C, keeping bedrooms aired and not too humid, vacuuming with a HEPA-filter cleaner, and keeping soft toys to a few that can be washed hot.',
      'A skin prick test confirms the allergy in minutes. If avoidance and medicines are not enough, house dust mite immunotherapy, a daily tablet under the tongue, can reduce symptoms over the long term. We advise on whether it suits you.',
    ],
  },
];
