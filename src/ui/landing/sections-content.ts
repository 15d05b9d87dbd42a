/**
 * The copy below the fold (docs/product/screens.md#section-order,
 * docs/product/overview.md#marketing-claims): converter section, aim and fees, why us, enterprise
 * and individual solutions, steps, team, call to action, FAQ and footer. Texts quoted there are
 * kept word for word; the rest restates the product's claims.
 */

export const CONVERTER_SECTION = {
  eyebrow: 'Express exchange',
  heading: 'See what you get before you sign up',
  text: 'Quick trades for individuals, at the live market rate. Fees go down to 1.1% from 10,000.',
  quickExchange: 'Quick Exchange',
}

export const AIM_BANNER = {
  heading: 'Our aim: fees reduced down to 1.1%',
  text: 'Large or small, every trade is settled straight to your own wallet: no separate wallet is created for you and your funds are never held. Your first transaction can be done within 7 minutes.',
  action: 'Exchange now',
}

/** The 'why partners choose us' list (docs/product/overview.md#why-partners-choose-us). */
export const WHY_US = {
  heading: 'Why partners choose us',
  reasons: [
    {
      title: 'Licensed and regulated',
      text: 'We trade under a Polish cryptocurrency trading licence, inside the EU.',
    },
    {
      title: 'Expertise in large transactions',
      text: 'Transactions of €1,000,000 and more, run with complete documentation.',
    },
    {
      title: 'Legal support',
      text: 'Statements and proof of payment for your bank, your auditor and your tax office.',
    },
    {
      title: 'Tailored consultations',
      text: 'A personal manager walks you through every step of the deal.',
    },
    {
      title: 'Rapid transactions',
      text: 'The first transaction within 7 minutes; crypto goes straight to your wallet.',
    },
    {
      title: 'Integration guidance',
      text: 'Help to fit crypto payments and processing into your company’s systems.',
    },
  ],
}

/** Enterprise onboarding in 5 steps (docs/product/overview.md#enterprise-onboarding). */
export const ENTERPRISE = {
  eyebrow: 'For business',
  heading: 'Enterprise solutions',
  text: 'Large transactions of 1 million euro and up, with a minimum of 10,000 euro for the best rates. Transactions above €1,000,000 come with complete legal, tax and regulatory documentation.',
  steps: [
    'Registration',
    'Consultation with a personal manager',
    'KYC',
    'Preparation of legal and compliance documents',
    'Transaction',
  ],
  action: 'Get a personalized quote',
}

export const INDIVIDUAL = {
  eyebrow: 'For individuals',
  heading: 'Individual solutions',
  points: [
    'Quick trades up to $10,000 through the Express Exchange.',
    'Your first transaction within 7 minutes.',
    'Non-custodial: no separate wallet is created for you, and the crypto you buy goes straight to your own wallet.',
  ],
  facts: [
    { value: '$10,000', label: 'quick trades up to' },
    { value: '7 min', label: 'to your first transaction' },
    { value: '200+', label: 'coins, in 195 countries' },
  ],
  action: 'Get Started',
}

/**
 * Individual onboarding in 3 steps, the carousel (docs/product/overview.md#individual-onboarding).
 */
export const INDIVIDUAL_STEPS = {
  heading: 'Three steps to your first exchange',
  hint: 'Click a card to see the next step.',
  next: 'Next step',
  steps: [
    {
      title: 'Create an account',
      text: 'Sign up with your e-mail and confirm it with the link we send you.',
    },
    {
      title: 'Verification',
      text: 'Upload your documents: IDs, proof of address, registry, permits and certificates.',
    },
    {
      title: 'Transaction request',
      text: 'After KYC or KYB, fill out a request form and a manager reaches out to you.',
    },
  ],
}

export const TEAM = {
  heading: 'The team behind your transaction',
  people: [
    {
      name: 'Anna Zielińska',
      role: 'Head of Compliance',
      text: 'Keeps every transaction inside the licence and prepares its documentation.',
    },
    {
      name: 'Tomasz Wójcik',
      role: 'Head of Large Transactions',
      text: 'Runs €1M+ deals from the first consultation to the final transfer.',
    },
  ],
}

export const FINAL_CTA = {
  heading: 'Ready for your first compliant exchange?',
  text: 'Open an account in minutes and trade 200+ coins from 195 countries.',
  action: 'Create an account',
}

/** Nine questions, every FAQ statement of the product answered (docs/product/screens.md#faq). */
export const FAQ = {
  heading: 'Frequently asked questions',
  items: [
    {
      question: 'What is the minimum amount?',
      answer:
        'The minimum for our primary service is 10,000 dollars. For smaller amounts, use the Express Exchange.',
    },
    {
      question: 'Is there an upper limit?',
      answer: 'No, there is no upper limit. We regularly run transactions of €1,000,000 and more.',
    },
    {
      question: 'Which fiat currencies can I use?',
      answer: 'Mainly EUR and GBP.',
    },
    {
      question: 'Which cryptocurrencies do you offer?',
      answer:
        'The ten top cryptocurrencies: BTC, ETH, BNB, ADA, USDT, SOL, XRP, DOT, DOGE and USDC, with over 200 coins in total.',
    },
    {
      question: 'How much is the fee?',
      answer:
        'The fee varies with the amount, the payment method and the coin. For large amounts it goes down to 1.1%.',
    },
    {
      question: 'How long does a transaction take?',
      answer:
        'Your first transaction can take up to 1 hour without KYC, and only minutes afterwards.',
    },
    {
      question: 'Do you hold my funds?',
      answer:
        'No. Funds are never held, because the crypto goes straight to your own wallet. No separate wallet is created for you.',
    },
    {
      question: 'Do you provide documentation?',
      answer: 'Yes. Legal, tax and regulatory documentation is provided with your transaction.',
    },
    {
      question: 'Who can use the service?',
      answer:
        'Individuals and businesses resident in EU white-list countries. We trade under a Polish crypto licence, inside the EU.',
    },
  ],
}

export const FOOTER = {
  contact: 'Contact',
  licence: 'Licence number',
  address: 'Address',
  follow: 'Follow us',
  documents: 'Documents',
  amlPolicy: { label: 'AML/KYC policy (PDF)', href: '/docs/aml-kyc-policy.pdf' },
  privacyPolicy: { label: 'Privacy policy (PDF)', href: '/docs/privacy-policy.pdf' },
  rights: 'Licensed cryptocurrency exchange and brokerage, Warsaw, Poland.',
}
