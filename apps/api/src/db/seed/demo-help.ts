import type { NewHelpCategory } from '../../domains/help/help.repository.ts';

/** Help centre of the demo brand: the footer's seven static pages plus the usual questions. */
export const DEMO_HELP: NewHelpCategory[] = [
  {
    slug: 'company',
    title: { en: 'About Us', ms: 'Tentang Kami', cn: '关于我们' },
    articles: [
      {
        slug: 'about',
        title: { en: 'About Company', ms: 'Tentang Syarikat', cn: '关于公司' },
        content: {
          en: '<h2>About Lotus Demo</h2><p>Lotus Demo is an online entertainment site offering live casino, sports, slots, fish shooting, card rooms, e-sports and lottery games from licensed providers.</p><p>We focus on <strong>fair play</strong>, fast payments and friendly support around the clock.</p>',
          ms: '<h2>Tentang Lotus Demo</h2><p>Lotus Demo ialah laman hiburan dalam talian yang menawarkan kasino langsung, sukan, slot, tembak ikan, bilik kad, e-sukan dan loteri daripada penyedia berlesen.</p><p>Kami mengutamakan <strong>permainan adil</strong>, pembayaran pantas dan sokongan mesra sepanjang masa.</p>',
          cn: '<h2>关于 Lotus Demo</h2><p>Lotus Demo 是一个在线娱乐网站，提供来自持牌供应商的真人娱乐场、体育、老虎机、捕鱼、棋牌、电竞和彩票游戏。</p><p>我们注重<strong>公平游戏</strong>、快速支付以及全天候的贴心服务。</p>',
        },
      },
      {
        slug: 'contact',
        title: { en: 'Contact Us', ms: 'Hubungi Kami', cn: '联系我们' },
        content: {
          en: '<h2>Contact Us</h2><p>Our customer service team is available 24 hours a day, 7 days a week.</p><ul><li>Live chat: use the chat icon on the right of every page.</li><li>WhatsApp and Telegram: tap the icons in the side bar.</li><li>Email: <a href="mailto:support@lotus.example">support@lotus.example</a></li></ul>',
          ms: '<h2>Hubungi Kami</h2><p>Pasukan khidmat pelanggan kami sedia membantu 24 jam sehari, 7 hari seminggu.</p><ul><li>Sembang langsung: gunakan ikon sembang di sebelah kanan setiap halaman.</li><li>WhatsApp dan Telegram: tekan ikon di bar sisi.</li><li>E-mel: <a href="mailto:support@lotus.example">support@lotus.example</a></li></ul>',
          cn: '<h2>联系我们</h2><p>我们的客服团队全年无休，24小时为您服务。</p><ul><li>在线客服：点击每个页面右侧的客服图标。</li><li>WhatsApp 和 Telegram：点击侧栏中的图标。</li><li>电子邮件：<a href="mailto:support@lotus.example">support@lotus.example</a></li></ul>',
        },
      },
      {
        slug: 'affiliates',
        title: { en: 'Affiliates', ms: 'Gabungan', cn: '代理合作' },
        content: {
          en: '<h2>Become an Affiliate</h2><p>Invite friends and build your own team. Affiliates earn dividends and daily, hourly or real-time salaries under a contract with their upline.</p><p>Open the <a href="/join">affiliate page</a> to apply.</p>',
          ms: '<h2>Jadi Rakan Gabungan</h2><p>Jemput rakan dan bina pasukan anda sendiri. Rakan gabungan memperoleh dividen dan gaji harian, setiap jam atau masa nyata di bawah kontrak dengan atasan mereka.</p><p>Buka <a href="/join">halaman gabungan</a> untuk memohon.</p>',
          cn: '<h2>成为代理</h2><p>邀请好友，建立您自己的团队。代理可根据与上级签订的契约获得分红以及日工资、时工资或实时工资。</p><p>请前往<a href="/join">代理页面</a>申请。</p>',
        },
      },
    ],
  },
  {
    slug: 'rules',
    title: { en: 'Terms and Policies', ms: 'Terma dan Polisi', cn: '条款与政策' },
    articles: [
      {
        slug: 'terms',
        title: {
          en: 'General Terms and Conditions',
          ms: 'Terma dan Syarat Am',
          cn: '一般条款与条件',
        },
        content: {
          en: '<h2>General Terms and Conditions</h2><ol><li>You must be at least 18 years old (21 where local law requires) to open an account.</li><li>Each person may hold one account. Duplicate accounts may be closed.</li><li>Bets are final once confirmed. Results follow the official result of each provider.</li><li>We may suspend an account involved in fraud, abuse of promotions or collusion.</li></ol>',
          ms: '<h2>Terma dan Syarat Am</h2><ol><li>Anda mesti berumur sekurang-kurangnya 18 tahun (21 jika undang-undang tempatan menghendaki) untuk membuka akaun.</li><li>Setiap orang hanya boleh memiliki satu akaun. Akaun pendua boleh ditutup.</li><li>Pertaruhan adalah muktamad setelah disahkan. Keputusan mengikut keputusan rasmi setiap penyedia.</li><li>Kami boleh menggantung akaun yang terlibat dalam penipuan, penyalahgunaan promosi atau pakatan.</li></ol>',
          cn: '<h2>一般条款与条件</h2><ol><li>您必须年满18岁（当地法律要求时为21岁）方可开户。</li><li>每人只能持有一个账号，重复账号可能会被关闭。</li><li>投注一经确认即为最终投注，结果以各供应商的官方结果为准。</li><li>对于涉及欺诈、滥用优惠或串通的账号，我们有权暂停。</li></ol>',
        },
      },
      {
        slug: 'responsible-gaming',
        title: { en: 'Responsible Gaming', ms: 'Permainan Bertanggungjawab', cn: '责任博彩' },
        content: {
          en: '<h2>Responsible Gaming</h2><p>Gaming should be entertainment, not a way to make money. Set a budget and a time limit before you play, and never chase losses.</p><p>If you need a break, contact customer service to pause or close your account. Players under 18 are not allowed.</p>',
          ms: '<h2>Permainan Bertanggungjawab</h2><p>Permainan sepatutnya hiburan, bukan cara untuk mencari wang. Tetapkan bajet dan had masa sebelum bermain, dan jangan sesekali mengejar kerugian.</p><p>Jika anda perlukan rehat, hubungi khidmat pelanggan untuk menangguhkan atau menutup akaun anda. Pemain bawah 18 tahun tidak dibenarkan.</p>',
          cn: '<h2>责任博彩</h2><p>游戏应当是娱乐，而不是赚钱的方式。游戏前请设定预算和时间限制，切勿试图追回损失。</p><p>如需暂停，请联系客服暂停或关闭您的账号。未满18岁者不得参与。</p>',
        },
      },
      {
        slug: 'privacy',
        title: { en: 'Privacy Policy', ms: 'Dasar Privasi', cn: '隐私政策' },
        content: {
          en: '<h2>Privacy Policy</h2><p>We collect only the information needed to run your account: your username, contact details and transaction history.</p><p>Your data is encrypted in transit, never sold, and shared only with payment and game providers when needed to serve you, or when the law requires it.</p>',
          ms: '<h2>Dasar Privasi</h2><p>Kami hanya mengumpul maklumat yang diperlukan untuk mengendalikan akaun anda: nama pengguna, butiran hubungan dan sejarah transaksi.</p><p>Data anda disulitkan semasa penghantaran, tidak pernah dijual, dan hanya dikongsi dengan penyedia pembayaran dan permainan apabila perlu atau apabila dikehendaki oleh undang-undang.</p>',
          cn: '<h2>隐私政策</h2><p>我们仅收集运营您账号所需的信息：用户名、联系方式和交易记录。</p><p>您的数据在传输过程中加密，绝不出售，仅在为您提供服务或法律要求时与支付和游戏供应商共享。</p>',
        },
      },
      {
        slug: 'refund',
        title: { en: 'Refund Policy', ms: 'Dasar Bayaran Balik', cn: '退款政策' },
        content: {
          en: '<h2>Refund Policy</h2><p>Deposits credited to your wallet can be withdrawn after meeting the turnover of any bonus you accepted.</p><p>If a deposit was charged but not credited, contact customer service with the transaction reference within 7 days and we will credit or refund it.</p>',
          ms: '<h2>Dasar Bayaran Balik</h2><p>Deposit yang dikreditkan ke dompet anda boleh dikeluarkan selepas memenuhi pusing ganti bagi mana-mana bonus yang anda terima.</p><p>Jika deposit telah dicaj tetapi tidak dikreditkan, hubungi khidmat pelanggan dengan rujukan transaksi dalam masa 7 hari dan kami akan mengkredit atau memulangkannya.</p>',
          cn: '<h2>退款政策</h2><p>存入钱包的款项在完成所领取红利的流水要求后即可提款。</p><p>如存款已扣款但未到账，请在7天内携交易编号联系客服，我们将为您补发或退款。</p>',
        },
      },
    ],
  },
  {
    slug: 'faq',
    title: { en: 'Frequently Asked Questions', ms: 'Soalan Lazim', cn: '常见问题' },
    articles: [
      {
        slug: 'how-to-register',
        title: { en: 'How do I register?', ms: 'Bagaimana untuk mendaftar?', cn: '如何注册？' },
        content: {
          en: '<p>Click <strong>Register</strong> at the top of the page, choose a username and password, and fill in the fields shown. You can also register with your mobile number when the site offers it.</p>',
          ms: '<p>Klik <strong>Daftar</strong> di bahagian atas halaman, pilih nama pengguna dan kata laluan, dan isi ruangan yang dipaparkan. Anda juga boleh mendaftar dengan nombor telefon jika laman ini menawarkannya.</p>',
          cn: '<p>点击页面顶部的<strong>注册</strong>，设置用户名和密码并填写所示信息。如本站支持，您也可以使用手机号码注册。</p>',
        },
      },
      {
        slug: 'deposit-withdraw',
        title: {
          en: 'How long do deposits and withdrawals take?',
          ms: 'Berapa lama deposit dan pengeluaran?',
          cn: '存款和提款需要多长时间？',
        },
        content: {
          en: '<p>Most deposits are credited within minutes. Withdrawals are usually processed within 30 minutes once the turnover requirement is met.</p>',
          ms: '<p>Kebanyakan deposit dikreditkan dalam beberapa minit. Pengeluaran biasanya diproses dalam 30 minit setelah syarat pusing ganti dipenuhi.</p>',
          cn: '<p>大多数存款在几分钟内到账。满足流水要求后，提款通常在30分钟内处理完毕。</p>',
        },
      },
    ],
  },
];
