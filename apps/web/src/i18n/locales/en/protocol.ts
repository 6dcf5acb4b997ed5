export default {
  lastUpdated: 'This document applies to all services of the Spatia platform',
  contactNote: 'If you have any questions about this document, call the customer-service line shown in the footer during service hours.',
  user: {
    title: 'User agreement',
    intro:
      'Welcome to Spatia. This agreement sets out the terms between you and the platform operator for using the service. Please read it before you register or log in.',
    sections: [
      {
        heading: '1. Your account',
        body: 'You register and log in with your own phone number, which must be bound on first login to protect the account. Keep your password safe: actions taken through your account are treated as your own.',
      },
      {
        heading: '2. Works and content',
        body: 'The rights in the panoramas, 3D models, point clouds and related material you upload remain with you or their original owners. You allow the platform to store, process (for example tile, compress and preview) and display them in order to provide the service. You make sure what you upload is lawful and infringes no one else’s rights.',
      },
      {
        heading: '3. Sharing, selling and distribution',
        body: 'You may share works, list them on the market, sell them to a specific user or distribute them to other users. Price, delivery and after-sales are agreed between the parties; the platform keeps the transaction records and settles payments.',
      },
      {
        heading: '4. Changes and termination',
        body: 'The platform may change the service for upgrades, maintenance or legal reasons and announces major changes in advance. If you break this agreement or the law, the platform may restrict or end your use of the service.',
      },
      {
        heading: '5. Liability',
        body: 'The platform makes reasonable efforts to keep the service available and your data safe, but is not liable for losses caused by force majeure, network failures or other causes outside its control.',
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    intro: 'We care about your personal information. This policy explains what we collect, how we use it and what rights you have.',
    sections: [
      {
        heading: '1. What we collect',
        body: 'Account details (phone number, name, avatar, enterprise logo); the work files and descriptions you upload; sign-in records and device information needed for security; transaction and recharge records.',
      },
      {
        heading: '2. How we use it',
        body: 'To sign you in, process and display your works, settle transactions, provide customer service and protect the platform. We never sell your personal information.',
      },
      {
        heading: '3. Cookies and local storage',
        body: 'Cookies and local storage keep your session (for 7 days), your interface language and whether the side menu is open. Logging out clears them.',
      },
      {
        heading: '4. Sharing',
        body: 'We share the minimum needed with the providers that carry out a service you asked for (such as payment or SMS verification), or when the law requires it.',
      },
      {
        heading: '5. Your rights',
        body: 'You can view and correct your account details and ask for your account to be closed. After closure your personal information is deleted or anonymised as the law requires.',
      },
    ],
  },
  recharge: {
    title: 'Recharge agreement',
    intro: 'This agreement applies when you buy traffic packages or other recharge services on the platform.',
    sections: [
      {
        heading: '1. What you buy',
        body: 'Traffic is bought by the month and covers the requests and data transferred when your works are viewed. The purchase page shows the number of months and the fee; the amount shown at payment applies.',
      },
      {
        heading: '2. Payment',
        body: 'You pay with the methods offered on the page. Once the payment succeeds the traffic is added to your account; the wallet shows your balance and usage.',
      },
      {
        heading: '3. Refunds',
        body: 'Traffic that has taken effect is not refundable in principle. If the platform is at fault and you cannot use it, the unused part is settled with you.',
      },
      {
        heading: '4. Invoices and records',
        body: 'Every recharge is listed in your orders. Contact customer service if you need an invoice.',
      },
    ],
  },
} as const;
