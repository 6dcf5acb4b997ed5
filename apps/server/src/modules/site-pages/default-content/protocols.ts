import type { SitePageContentOf } from '@spatia/contract';

/* The protocols as the site showed them before they became editable (they were the web app's `protocol` translations). */

export const userProtocol: SitePageContentOf<'userProtocol'> = {
  zh: {
    title: '用户协议',
    effectiveDate: '2026-01-01',
    intro: '欢迎使用 Spatia。本协议是你与平台运营方之间关于使用平台服务的约定，请在注册或登录前仔细阅读。',
    sections: [
      {
        heading: '1. 账号',
        paragraphs: [
          '你需要使用本人手机号注册并登录。首次登录时须绑定手机号以保障账号安全。请妥善保管密码，通过你的账号进行的操作视为你本人的行为。',
        ],
      },
      {
        heading: '2. 作品与内容',
        paragraphs: [
          '你上传的全景、三维模型、点云及相关资料的权利归你或原权利人所有。你授权平台为提供服务而存储、处理（如切片、压缩、生成预览）和展示这些内容。你应确保上传内容合法，且不侵犯他人权利。',
        ],
      },
      {
        heading: '3. 分享、出售与分发',
        paragraphs: [
          '作品可由你分享、上架市场、定向出售或分发给其他用户。交易的价格、交付与售后由交易双方约定，平台提供交易记录与结算服务。',
        ],
      },
      {
        heading: '4. 服务的变更与终止',
        paragraphs: [
          '平台可能因升级、维护或法律要求调整服务内容，重大变更会提前通知。你违反本协议或法律法规时，平台可以限制或终止对你的服务。',
        ],
      },
      {
        heading: '5. 责任',
        paragraphs: ['平台尽合理努力保障服务稳定与数据安全，但对不可抗力、网络故障等非平台原因造成的损失不承担责任。'],
      },
    ],
    contactNote: '如对本文件有任何疑问，请通过页脚所列的客服电话在服务时间内联系我们。',
  },
  en: {
    title: 'User agreement',
    effectiveDate: '2026-01-01',
    intro:
      'Welcome to Spatia. This agreement sets out the terms between you and the platform operator for using the service. Please read it before you register or log in.',
    sections: [
      {
        heading: '1. Your account',
        paragraphs: [
          'You register and log in with your own phone number, which must be bound on first login to protect the account. Keep your password safe: actions taken through your account are treated as your own.',
        ],
      },
      {
        heading: '2. Works and content',
        paragraphs: [
          'The rights in the panoramas, 3D models, point clouds and related material you upload remain with you or their original owners. You allow the platform to store, process (for example tile, compress and preview) and display them in order to provide the service. You make sure what you upload is lawful and infringes no one else’s rights.',
        ],
      },
      {
        heading: '3. Sharing, selling and distribution',
        paragraphs: [
          'You may share works, list them on the market, sell them to a specific user or distribute them to other users. Price, delivery and after-sales are agreed between the parties; the platform keeps the transaction records and settles payments.',
        ],
      },
      {
        heading: '4. Changes and termination',
        paragraphs: [
          'The platform may change the service for upgrades, maintenance or legal reasons and announces major changes in advance. If you break this agreement or the law, the platform may restrict or end your use of the service.',
        ],
      },
      {
        heading: '5. Liability',
        paragraphs: [
          'The platform makes reasonable efforts to keep the service available and your data safe, but is not liable for losses caused by force majeure, network failures or other causes outside its control.',
        ],
      },
    ],
    contactNote: 'If you have any questions about this document, call the customer-service line shown in the footer during service hours.',
  },
};

export const privacyProtocol: SitePageContentOf<'privacyProtocol'> = {
  zh: {
    title: '隐私政策',
    effectiveDate: '2026-01-01',
    intro: '我们重视你的个人信息。本政策说明我们收集哪些信息、如何使用，以及你拥有的权利。',
    sections: [
      {
        heading: '1. 我们收集的信息',
        paragraphs: [
          '账号信息（手机号、姓名、头像、企业标志）；你上传的作品文件与描述；为保障安全所需的登录记录与设备信息；交易与充值记录。',
        ],
      },
      {
        heading: '2. 信息的使用',
        paragraphs: ['用于提供登录、作品处理与展示、交易结算、客户服务与安全防护。我们不会将你的个人信息出售给第三方。'],
      },
      {
        heading: '3. Cookie 与本地存储',
        paragraphs: ['我们使用 Cookie 与本地存储保存登录状态（有效期 7 天）、界面语言和侧边栏的展开状态。退出登录时会清除这些数据。'],
      },
      {
        heading: '4. 信息的共享',
        paragraphs: ['仅在完成你发起的服务（如支付、短信验证）所必需时，向相应服务商提供最少量的信息，或在法律要求时依法提供。'],
      },
      {
        heading: '5. 你的权利',
        paragraphs: ['你可以查阅、更正你的账号信息，也可以申请注销账号。注销后我们将按法律规定删除或匿名化你的个人信息。'],
      },
    ],
    contactNote: '如对本文件有任何疑问，请通过页脚所列的客服电话在服务时间内联系我们。',
  },
  en: {
    title: 'Privacy policy',
    effectiveDate: '2026-01-01',
    intro: 'We care about your personal information. This policy explains what we collect, how we use it and what rights you have.',
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: [
          'Account details (phone number, name, avatar, enterprise logo); the work files and descriptions you upload; sign-in records and device information needed for security; transaction and recharge records.',
        ],
      },
      {
        heading: '2. How we use it',
        paragraphs: [
          'To sign you in, process and display your works, settle transactions, provide customer service and protect the platform. We never sell your personal information.',
        ],
      },
      {
        heading: '3. Cookies and local storage',
        paragraphs: [
          'Cookies and local storage keep your session (for 7 days), your interface language and whether the side menu is open. Logging out clears them.',
        ],
      },
      {
        heading: '4. Sharing',
        paragraphs: [
          'We share the minimum needed with the providers that carry out a service you asked for (such as payment or SMS verification), or when the law requires it.',
        ],
      },
      {
        heading: '5. Your rights',
        paragraphs: [
          'You can view and correct your account details and ask for your account to be closed. After closure your personal information is deleted or anonymised as the law requires.',
        ],
      },
    ],
    contactNote: 'If you have any questions about this document, call the customer-service line shown in the footer during service hours.',
  },
};

export const rechargeProtocol: SitePageContentOf<'rechargeProtocol'> = {
  zh: {
    title: '充值协议',
    effectiveDate: '2026-01-01',
    intro: '本协议适用于你在平台上为流量余额充值，以及使用余额支付流量费用或购买租赁时长。',
    sections: [
      {
        heading: '1. 充值内容',
        paragraphs: [
          '充值会把支付金额计入你的流量余额，除此之外不包含其他内容。充值页面的套餐以月数命名：每个套餐的金额正好是相应月数租赁时长的价格，因此按套餐月数购买租赁时，套餐显示的优惠真实有效。以支付时显示的金额为准。',
        ],
      },
      {
        heading: '2. 余额的使用',
        paragraphs: [
          '余额用于支付已发布作品产生的流量费用（请求次数与数据流量），按钱包页面所示价格每日结算；也可以在租赁页面购买租赁时长，租赁期内作品流量不计费（作品的月度预算仍然有效）。按套餐月数购买租赁时价格为套餐金额，其他月数按每月租赁价计算。',
        ],
      },
      {
        heading: '3. 支付',
        paragraphs: ['充值通过页面提供的支付方式完成。支付成功后金额立即计入余额，可在钱包中查看余额与使用情况，并会收到通知。'],
      },
      {
        heading: '4. 退款',
        paragraphs: [
          '平台可以全额或部分退还一笔充值。退款金额从你的余额中扣回；余额不足时，差额记为欠款，下次充值时优先抵扣，欠款结清前不能购买租赁时长。',
        ],
      },
      {
        heading: '5. 发票与记录',
        paragraphs: ['你可以在订单中查看每一笔充值记录。如需发票，请联系客服。'],
      },
    ],
    contactNote: '如对本文件有任何疑问，请通过页脚所列的客服电话在服务时间内联系我们。',
  },
  en: {
    title: 'Recharge agreement',
    effectiveDate: '2026-01-01',
    intro: 'This agreement applies when you recharge your traffic balance on the platform and when you spend it on traffic or lease time.',
    sections: [
      {
        heading: '1. What a recharge buys',
        paragraphs: [
          "A recharge adds its amount to your traffic balance; nothing else. The recharge page offers plans named by months: each plan's amount is exactly the price of that many months of lease time, so the saving a plan shows is real once you buy its months of lease. The amount shown at payment applies.",
        ],
      },
      {
        heading: '2. How the balance is spent',
        paragraphs: [
          "The balance pays for the traffic your published works serve (requests and data), billed once a day at the prices on the wallet page; or it buys lease time on the lease page, during which your works' traffic is not billed (their monthly budgets still apply). Lease time of a plan's months costs the plan's amount; other numbers of months cost the monthly lease price.",
        ],
      },
      {
        heading: '3. Payment',
        paragraphs: [
          'You pay with the methods offered on the page. Once the payment succeeds the amount is on your balance at once; the wallet shows your balance and usage, and you are notified.',
        ],
      },
      {
        heading: '4. Refunds',
        paragraphs: [
          'The platform may refund a recharge in whole or in part. What the refund covers is taken back from your balance; if the balance no longer holds it, the rest becomes a debt that your next recharge settles first, and while it is open you cannot buy lease time.',
        ],
      },
      {
        heading: '5. Invoices and records',
        paragraphs: ['Every recharge is listed in your orders. Contact customer service if you need an invoice.'],
      },
    ],
    contactNote: 'If you have any questions about this document, call the customer-service line shown in the footer during service hours.',
  },
};
