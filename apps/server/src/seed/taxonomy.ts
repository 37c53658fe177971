import type { Finish, Shape } from './images.js';

/** What the demo shop sells: three levels of categories, the leaves carrying product templates. */

export type Group = 'face' | 'eye' | 'lip' | 'nail' | 'skin' | 'hair' | 'perfume' | 'body' | 'oral' | 'shave';
export type PaletteKey = 'lip' | 'foundation' | 'blush' | 'liner' | 'brow' | 'nail' | 'eyeshadow' | 'hairdye';
type Pair = readonly [fa: string, en: string];

export interface Leaf {
  title: string;
  alias: string;
  group: Group;
  shape: Shape;
  finishes: Finish[];
  /** Colour choices (colorObj) for the shopper; without it the product has one look. */
  palette?: PaletteKey;
  /** Picture colours for products without colour choices. */
  tints?: string[];
  price: [number, number];
  /** Product lines: [Persian, Latin]. */
  lines: Pair[];
  /** A selectable option (select 1 = arr, 2 = obj), e.g. volumes. */
  option?: { title: string; select: 1 | 2; values: string[] };
  /** Extra specification rows (select 0). */
  specs?: [string, string[]][];
  tags: string[];
}

interface Branch { title: string; alias: string; leaves: Leaf[] }
export interface Root { title: string; alias: string; shape: Shape; color: string; branches: Branch[] }

export const PALETTES: Record<PaletteKey, Pair[]> = {
  lip: [['قرمز آتشین', '#c62828'], ['رز گلبهی', '#e57373'], ['نود', '#c08a78'], ['زرشکی', '#7b1e3a'], ['صورتی', '#e91e63'],
    ['مرجانی', '#ff7043'], ['قهوه‌ای شکلاتی', '#6d3b2c'], ['آلبالویی', '#8e1f3f'], ['هلویی', '#f4a582'], ['رز چای', '#b5656b']],
  foundation: [['عاجی', '#f3d9c4'], ['بژ روشن', '#e8c4a6'], ['بژ طبیعی', '#d9a982'], ['بژ گندمی', '#c8956b'], ['عسلی', '#b07a50'],
    ['کاراملی', '#9a6440'], ['بژ صورتی', '#e4b8a4']],
  blush: [['صورتی ملایم', '#f48fb1'], ['هلویی', '#ffab91'], ['مرجانی', '#ff8a65'], ['رز', '#d9777f'], ['آجری', '#b5544a'], ['برنز', '#a86b3c']],
  liner: [['مشکی', '#151515'], ['قهوه‌ای', '#4e342e'], ['سرمه‌ای', '#1a237e'], ['سبز زمردی', '#00695c'], ['بنفش', '#4a148c']],
  brow: [['قهوه‌ای روشن', '#8d6e63'], ['قهوه‌ای تیره', '#4e342e'], ['بلوند', '#b08d57'], ['خاکستری دودی', '#5f5f5f']],
  nail: [['قرمز', '#d32f2f'], ['صورتی', '#f06292'], ['نود', '#d7b19d'], ['مشکی', '#212121'], ['سفید', '#f5f5f5'], ['یاسی', '#b39ddb'],
    ['آبی نفتی', '#1e3a5f'], ['سبز یشمی', '#2e7d6b'], ['طلایی', '#caa24a'], ['زرشکی', '#7b1e3a']],
  eyeshadow: [['نود', '#c9a38a'], ['دودی', '#4a4a55'], ['طلایی', '#c9a24a'], ['برنز', '#a0522d'], ['بنفش', '#7e57c2'], ['صورتی', '#f48fb1'], ['قهوه‌ای', '#6d4c41']],
  hairdye: [['مشکی', '#1b1b1b'], ['قهوه‌ای تیره', '#3e2723'], ['قهوه‌ای فندقی', '#6d4c41'], ['بلوند عسلی', '#c8a165'], ['شرابی', '#6a1b2d'], ['شکلاتی', '#5d4037']],
};

const COUNTRIES = ['فرانسه', 'ایتالیا', 'آلمان', 'ایران', 'ترکیه', 'سوئد', 'لهستان', 'کره جنوبی'];
const SKIN = ['انواع پوست', 'پوست چرب و مختلط', 'پوست خشک', 'پوست حساس', 'پوست نرمال تا خشک'];
const HAIR = ['انواع مو', 'موهای خشک و آسیب‌دیده', 'موهای چرب', 'موهای رنگ‌شده', 'موهای فر'];

/** Rows every product of a group shows in its specifications list. */
export const GROUP_SPECS: Record<Group, [string, string[]][]> = {
  face: [['نوع پوست', SKIN], ['ماندگاری', ['۸ ساعت', '۱۲ ساعت', '۱۶ ساعت', '۲۴ ساعت']], ['کشور سازنده', COUNTRIES]],
  eye: [['ضد آب', ['بله', 'خیر']], ['ماندگاری', ['۱۲ ساعت', '۱۶ ساعت', '۲۴ ساعت']], ['کشور سازنده', COUNTRIES]],
  lip: [['بافت', ['مات', 'ساتن', 'براق', 'کرمی']], ['ماندگاری', ['۶ ساعت', '۸ ساعت', '۱۲ ساعت', '۱۶ ساعت']], ['کشور سازنده', COUNTRIES]],
  nail: [['حجم', ['۸ میلی‌لیتر', '۱۰ میلی‌لیتر', '۱۲ میلی‌لیتر']], ['زمان خشک شدن', ['۶۰ ثانیه', '۲ دقیقه', '۳ دقیقه']], ['کشور سازنده', COUNTRIES]],
  skin: [['نوع پوست', SKIN], ['فاقد پارابن', ['بله']], ['کشور سازنده', COUNTRIES]],
  hair: [['نوع مو', HAIR], ['فاقد سولفات', ['بله', 'خیر']], ['کشور سازنده', COUNTRIES]],
  perfume: [['غلظت', ['ادو پرفیوم', 'ادو تویلت', 'پرفیوم']], ['گروه بویایی', ['گلی', 'چوبی', 'شرقی', 'مرکباتی', 'خنک', 'شیرین']], ['ماندگاری', ['۶ ساعت', '۸ ساعت', '۱۲ ساعت']], ['کشور سازنده', COUNTRIES]],
  body: [['مناسب برای', ['بانوان', 'آقایان', 'بانوان و آقایان']], ['رایحه', ['گل رز', 'وانیل', 'یاس', 'نارگیل', 'چوب صندل', 'بدون رایحه']], ['کشور سازنده', COUNTRIES]],
  oral: [['ویژگی', ['سفیدکننده', 'ضد پوسیدگی', 'مناسب لثه حساس', 'خوشبوکننده دهان']], ['طعم', ['نعناع', 'نعناع خنک', 'میوه‌ای']], ['کشور سازنده', COUNTRIES]],
  shave: [['مناسب برای', ['پوست حساس', 'انواع پوست']], ['رایحه', ['خنک', 'چوبی', 'مرکباتی']], ['کشور سازنده', COUNTRIES]],
};

const ML = (...n: string[]) => n.map((v) => `${v} میلی‌لیتر`);

export const TREE: Root[] = [
  {
    title: 'آرایش صورت', alias: 'face-makeup', shape: 'compact', color: '#e0a88a', branches: [
      { title: 'کرم پودر و پایه', alias: 'foundation-base', leaves: [
        { title: 'کرم پودر', alias: 'foundation', group: 'face', shape: 'pump', finishes: ['gold', 'black', 'silver'], palette: 'foundation', price: [380_000, 1_850_000],
          lines: [['اینفالیبل', 'Infallible'], ['فیت می', 'Fit Me'], ['هلثی میکس', 'Healthy Mix'], ['تینت فلوئید', 'Tint Fluid'], ['مات پرفکت', 'Matte Perfect']],
          specs: [['حجم', ML('۳۰', '۳۵')], ['پوشانندگی', ['متوسط', 'زیاد', 'قابل تنظیم']]], tags: ['کرم پودر', 'پوشاننده', 'آرایش صورت'] },
        { title: 'پرایمر', alias: 'primer', group: 'face', shape: 'tube', finishes: ['white', 'silver'], tints: ['#f8bbd0', '#e1bee7', '#dcedc8'], price: [290_000, 980_000],
          lines: [['بیس آپ', 'Base Up'], ['پور ریفاینر', 'Pore Refiner'], ['گلو بوستر', 'Glow Booster']],
          specs: [['حجم', ML('۲۰', '۳۰')]], tags: ['پرایمر', 'پایه آرایش'] },
        { title: 'کوشن', alias: 'cushion', group: 'face', shape: 'compact', finishes: ['silver', 'gold'], palette: 'foundation', price: [520_000, 1_450_000],
          lines: [['آکوا', 'Aqua'], ['گلو', 'Glow']], tags: ['کوشن', 'کرم پودر', 'کره‌ای'] },
      ] },
      { title: 'کانسیلر و کانتور', alias: 'concealer-contour', leaves: [
        { title: 'کانسیلر', alias: 'concealer', group: 'face', shape: 'gloss', finishes: ['black', 'gold'], palette: 'foundation', price: [240_000, 890_000],
          lines: [['فیت می', 'Fit Me'], ['ایج ریوایند', 'Age Rewind'], ['کاور آپ', 'Cover Up']], specs: [['حجم', ML('۶', '۶٫۸')]], tags: ['کانسیلر', 'پوشاننده تیرگی'] },
        { title: 'کانتور و هایلایتر', alias: 'contour-highlighter', group: 'face', shape: 'compact', finishes: ['black', 'gold'], palette: 'blush', price: [310_000, 1_100_000],
          lines: [['استروبینگ', 'Strobing'], ['اسکالپت', 'Sculpt'], ['شاین گلو', 'Shine Glow']], tags: ['هایلایتر', 'کانتور'] },
      ] },
      { title: 'پودر و رژگونه', alias: 'powder-blush', leaves: [
        { title: 'پنکیک', alias: 'pressed-powder', group: 'face', shape: 'compact', finishes: ['gold', 'silver', 'black'], palette: 'foundation', price: [260_000, 1_250_000],
          lines: [['استی فیکس', 'Stay Fix'], ['تو وی کیک', 'Two Way Cake'], ['مات پودر', 'Matte Powder']], tags: ['پنکیک', 'پودر فشرده'] },
        { title: 'رژگونه', alias: 'blush', group: 'face', shape: 'compact', finishes: ['gold', 'black'], palette: 'blush', price: [220_000, 950_000],
          lines: [['فیت می', 'Fit Me'], ['بلاش آن', 'Blush On'], ['لیتل راند پات', 'Little Round Pot']], tags: ['رژگونه', 'گونه'] },
      ] },
    ],
  },
  {
    title: 'آرایش چشم', alias: 'eye-makeup', shape: 'mascara', color: '#5c6bc0', branches: [
      { title: 'ریمل و خط چشم', alias: 'mascara-liner', leaves: [
        { title: 'ریمل', alias: 'mascara', group: 'eye', shape: 'mascara', finishes: ['black', 'silver', 'gold'], palette: 'liner', price: [290_000, 1_150_000],
          lines: [['لش سنسیشنال', 'Lash Sensational'], ['اسکای های', 'Sky High'], ['والیوم میلیون', 'Volume Million'], ['کلوسال', 'Colossal']],
          specs: [['اثر', ['حجم‌دهنده', 'بلندکننده', 'حالت‌دهنده']]], tags: ['ریمل', 'مژه', 'حجم‌دهنده'] },
        { title: 'خط چشم', alias: 'eyeliner', group: 'eye', shape: 'gloss', finishes: ['black', 'silver'], palette: 'liner', price: [180_000, 720_000],
          lines: [['ماژیکی', 'Felt Tip'], ['ماستر پریسایس', 'Master Precise'], ['لاین پرفکت', 'Line Perfect']], tags: ['خط چشم', 'مایع'] },
        { title: 'مداد چشم', alias: 'eye-pencil', group: 'eye', shape: 'pencil', finishes: ['black', 'silver'], palette: 'liner', price: [95_000, 420_000],
          lines: [['کول کاجال', 'Kohl Kajal'], ['سافت کاجال', 'Soft Kajal'], ['واترپروف', 'Waterproof']], tags: ['مداد چشم', 'کاجال'] },
      ] },
      { title: 'سایه و ابرو', alias: 'shadow-brow', leaves: [
        { title: 'پالت سایه چشم', alias: 'eyeshadow-palette', group: 'eye', shape: 'palette', finishes: ['black', 'gold', 'silver'], palette: 'eyeshadow', price: [450_000, 2_400_000],
          lines: [['نود', 'The Nudes'], ['سانست', 'Sunset'], ['اسموکی', 'Smoky'], ['رز گلد', 'Rose Gold']], specs: [['تعداد رنگ', ['۶ رنگ', '۹ رنگ', '۱۲ رنگ']]], tags: ['سایه چشم', 'پالت'] },
        { title: 'مداد ابرو', alias: 'brow-pencil', group: 'eye', shape: 'pencil', finishes: ['gold', 'black'], palette: 'brow', price: [120_000, 560_000],
          lines: [['براو دیفاین', 'Brow Define'], ['براو ساتن', 'Brow Satin'], ['اکسپرت', 'Expert']], tags: ['ابرو', 'مداد ابرو'] },
      ] },
    ],
  },
  {
    title: 'آرایش لب', alias: 'lip-makeup', shape: 'lipstick', color: '#c2185b', branches: [
      { title: 'رژ لب', alias: 'lipsticks', leaves: [
        { title: 'رژ لب جامد', alias: 'lipstick', group: 'lip', shape: 'lipstick', finishes: ['gold', 'black', 'silver'], palette: 'lip', price: [240_000, 1_350_000],
          lines: [['کالر ریش', 'Color Riche'], ['کالر سنسیشنال', 'Color Sensational'], ['رژ ولوت', 'Rouge Velvet'], ['مات لاست', 'Matte Last']], tags: ['رژ لب', 'جامد'] },
        { title: 'رژ لب مایع', alias: 'liquid-lipstick', group: 'lip', shape: 'gloss', finishes: ['black', 'gold'], palette: 'lip', price: [260_000, 1_100_000],
          lines: [['سوپر استی مت اینک', 'SuperStay Matte Ink'], ['ولوت مت', 'Velvet Matte'], ['لیکوئید مت', 'Liquid Matte']], tags: ['رژ لب', 'مایع', 'مات'] },
      ] },
      { title: 'برق و مداد لب', alias: 'gloss-liner', leaves: [
        { title: 'برق لب', alias: 'lip-gloss', group: 'lip', shape: 'gloss', finishes: ['silver', 'gold'], palette: 'lip', price: [150_000, 690_000],
          lines: [['لیفتر گلاس', 'Lifter Gloss'], ['شاین', 'Shine'], ['جوسی', 'Juicy']], tags: ['برق لب', 'حجم‌دهنده لب'] },
        { title: 'مداد لب', alias: 'lip-liner', group: 'lip', shape: 'pencil', finishes: ['gold', 'black'], palette: 'lip', price: [95_000, 380_000],
          lines: [['کالر شیپ', 'Color Shape'], ['پرسیژن', 'Precision']], tags: ['مداد لب', 'خط لب'] },
        { title: 'بالم لب', alias: 'lip-balm', group: 'lip', shape: 'lipstick', finishes: ['white', 'silver'], tints: ['#f8bbd0', '#ffe0b2', '#c8e6c9'], price: [80_000, 320_000],
          lines: [['سافت', 'Soft'], ['هیدرا کر', 'Hydra Care'], ['بیبی لیپس', 'Baby Lips']], specs: [['SPF', ['۱۵', '۲۰', 'ندارد']]], tags: ['بالم لب', 'مرطوب‌کننده لب'] },
      ] },
    ],
  },
  {
    title: 'آرایش ناخن', alias: 'nail', shape: 'nail', color: '#d32f2f', branches: [
      { title: 'لاک و مراقبت ناخن', alias: 'nail-polish-care', leaves: [
        { title: 'لاک ناخن', alias: 'nail-polish', group: 'nail', shape: 'nail', finishes: ['black', 'silver', 'gold'], palette: 'nail', price: [85_000, 390_000],
          lines: [['ژل فینیش', 'Gel Finish'], ['کالر شو', 'Color Show'], ['فست درای', 'Fast Dry']], tags: ['لاک ناخن', 'لاک'] },
        { title: 'تقویت‌کننده ناخن', alias: 'nail-care', group: 'nail', shape: 'nail', finishes: ['white', 'silver'], tints: ['#fce4ec', '#e8f5e9'], price: [110_000, 450_000],
          lines: [['نیل استرانگ', 'Nail Strong'], ['کراتین کر', 'Keratin Care']], tags: ['تقویت ناخن', 'مراقبت ناخن'] },
      ] },
    ],
  },
  {
    title: 'مراقبت پوست', alias: 'skin-care', shape: 'jar', color: '#26a69a', branches: [
      { title: 'آبرسان و مرطوب‌کننده', alias: 'moisturizers', leaves: [
        { title: 'کرم مرطوب‌کننده', alias: 'moisturizer', group: 'skin', shape: 'jar', finishes: ['silver', 'white', 'gold'], tints: ['#4fc3f7', '#81c784', '#f48fb1', '#fff59d', '#b39ddb'], price: [160_000, 1_650_000],
          lines: [['هیدرا بوست', 'Hydra Boost'], ['سافت', 'Soft'], ['ریچ کر', 'Rich Care'], ['آکوا', 'Aqua']], option: { title: 'حجم', select: 1, values: ML('۵۰', '۱۰۰', '۲۰۰') }, tags: ['مرطوب‌کننده', 'کرم', 'آبرسان'] },
        { title: 'کرم دور چشم', alias: 'eye-cream', group: 'skin', shape: 'tube', finishes: ['silver', 'gold'], tints: ['#ce93d8', '#90caf9', '#ffcc80'], price: [280_000, 1_400_000],
          lines: [['ریوایتالیفت', 'Revitalift'], ['آی کانتور', 'Eye Contour']], specs: [['حجم', ML('۱۵', '۲۰')]], tags: ['دور چشم', 'ضد چروک', 'کرم'] },
      ] },
      { title: 'ضدآفتاب', alias: 'sunscreen', leaves: [
        { title: 'ضدآفتاب رنگی', alias: 'tinted-sunscreen', group: 'skin', shape: 'tube', finishes: ['white', 'gold'], palette: 'foundation', price: [290_000, 1_250_000],
          lines: [['سان پروتکت', 'Sun Protect'], ['یووی شیلد', 'UV Shield'], ['کاور سان', 'Cover Sun']], specs: [['SPF', ['۳۰', '۵۰', '۵۰+']], ['حجم', ML('۴۰', '۵۰')]], tags: ['ضدآفتاب', 'ضد آفتاب رنگی', 'SPF'] },
        { title: 'ضدآفتاب بی‌رنگ', alias: 'clear-sunscreen', group: 'skin', shape: 'tube', finishes: ['white', 'silver'], tints: ['#ffb74d', '#4fc3f7', '#fff176'], price: [260_000, 1_150_000],
          lines: [['سان پروتکت', 'Sun Protect'], ['اینویزیبل', 'Invisible'], ['فلوئید', 'Fluid']], specs: [['SPF', ['۳۰', '۵۰', '۵۰+']], ['حجم', ML('۴۰', '۵۰')]], tags: ['ضدآفتاب', 'ضد آفتاب بی رنگ', 'SPF'] },
      ] },
      { title: 'سرم و ماسک', alias: 'serum-mask', leaves: [
        { title: 'سرم پوست', alias: 'serum', group: 'skin', shape: 'dropper', finishes: ['black', 'gold', 'silver'], tints: ['#ffb300', '#ef9a9a', '#80cbc4', '#b39ddb'], price: [350_000, 1_900_000],
          lines: [['ویتامین سی', 'Vitamin C'], ['هیالورونیک اسید', 'Hyaluronic Acid'], ['نیاسینامید', 'Niacinamide'], ['رتینول', 'Retinol']], specs: [['حجم', ML('۳۰')]], tags: ['سرم', 'روشن‌کننده', 'ضد لک'] },
        { title: 'ماسک صورت', alias: 'face-mask', group: 'skin', shape: 'jar', finishes: ['white', 'black'], tints: ['#a5d6a7', '#8d6e63', '#90a4ae', '#f8bbd0'], price: [140_000, 780_000],
          lines: [['خاک رس', 'Clay'], ['زغال فعال', 'Charcoal'], ['اسلیپینگ', 'Sleeping']], specs: [['حجم', ML('۵۰', '۷۵', '۱۰۰')]], tags: ['ماسک', 'پاک‌کننده منافذ'] },
      ] },
      { title: 'پاک‌کننده و تونر', alias: 'cleansers', leaves: [
        { title: 'ژل شستشوی صورت', alias: 'face-wash', group: 'skin', shape: 'shampoo', finishes: ['white', 'silver'], tints: ['#4db6ac', '#64b5f6', '#aed581'], price: [130_000, 690_000],
          lines: [['پیور کلین', 'Pure Clean'], ['اکتیو', 'Active'], ['سنسیتیو', 'Sensitive']], option: { title: 'حجم', select: 2, values: ML('۲۰۰', '۴۰۰') }, tags: ['ژل شستشو', 'پاک‌کننده'] },
        { title: 'میسلار واتر', alias: 'micellar-water', group: 'skin', shape: 'shampoo', finishes: ['white'], tints: ['#f48fb1', '#81d4fa', '#c5e1a5'], price: [150_000, 720_000],
          lines: [['هیدرا', 'Hydra'], ['پیور', 'Pure'], ['سنسیتیو', 'Sensitive']], option: { title: 'حجم', select: 2, values: ML('۲۵۰', '۴۰۰') }, tags: ['میسلار', 'پاک‌کننده آرایش'] },
        { title: 'تونر', alias: 'toner', group: 'skin', shape: 'spray', finishes: ['white', 'silver'], tints: ['#80deea', '#f8bbd0', '#dce775'], price: [140_000, 650_000],
          lines: [['گل رز', 'Rose'], ['بالانس', 'Balance']], specs: [['حجم', ML('۲۰۰', '۲۵۰')]], tags: ['تونر', 'لوسیون'] },
      ] },
    ],
  },
  {
    title: 'مراقبت مو', alias: 'hair-care', shape: 'shampoo', color: '#8e24aa', branches: [
      { title: 'شامپو و نرم‌کننده', alias: 'shampoo-conditioner', leaves: [
        { title: 'شامپو', alias: 'shampoo', group: 'hair', shape: 'shampoo', finishes: ['white', 'silver', 'gold', 'black'], tints: ['#ab47bc', '#ffa726', '#26a69a', '#ef5350', '#42a5f5'], price: [110_000, 560_000],
          lines: [['الویو', 'Elvive'], ['کراتین', 'Keratin'], ['آرگان', 'Argan'], ['ضد شوره', 'Anti Dandruff']], option: { title: 'حجم', select: 2, values: ML('۲۵۰', '۴۰۰', '۷۰۰') }, tags: ['شامپو', 'مو'] },
        { title: 'نرم‌کننده مو', alias: 'conditioner', group: 'hair', shape: 'shampoo', finishes: ['white', 'gold'], tints: ['#ce93d8', '#ffcc80', '#80cbc4'], price: [120_000, 520_000],
          lines: [['الویو', 'Elvive'], ['سیلکی', 'Silky'], ['ریپیر', 'Repair']], option: { title: 'حجم', select: 2, values: ML('۲۰۰', '۴۰۰') }, tags: ['نرم‌کننده', 'مو'] },
      ] },
      { title: 'ماسک و روغن مو', alias: 'hair-treatment', leaves: [
        { title: 'ماسک مو', alias: 'hair-mask', group: 'hair', shape: 'jar', finishes: ['gold', 'black', 'white'], tints: ['#8d6e63', '#ffb74d', '#9575cd'], price: [180_000, 890_000],
          lines: [['اکسترا اویل', 'Extraordinary Oil'], ['کراتین پلاس', 'Keratin Plus'], ['آووکادو', 'Avocado']], specs: [['حجم', ML('۲۵۰', '۳۰۰', '۵۰۰')]], tags: ['ماسک مو', 'ترمیم‌کننده'] },
        { title: 'روغن مو', alias: 'hair-oil', group: 'hair', shape: 'dropper', finishes: ['gold', 'black'], tints: ['#ffb300', '#a1887f', '#dce775'], price: [160_000, 780_000],
          lines: [['آرگان', 'Argan'], ['نارگیل', 'Coconut'], ['بادام', 'Almond']], specs: [['حجم', ML('۵۰', '۱۰۰')]], tags: ['روغن مو', 'روغن آرگان'] },
      ] },
      { title: 'رنگ و حالت مو', alias: 'hair-color-style', leaves: [
        { title: 'رنگ مو', alias: 'hair-color', group: 'hair', shape: 'tube', finishes: ['gold', 'black'], palette: 'hairdye', price: [140_000, 480_000],
          lines: [['کستینگ', 'Casting'], ['اکسلانس', 'Excellence'], ['پرفکت کالر', 'Perfect Color']], specs: [['حجم', ML('۱۰۰')]], tags: ['رنگ مو', 'بدون آمونیاک'] },
        { title: 'اسپری حالت‌دهنده', alias: 'hair-spray', group: 'hair', shape: 'spray', finishes: ['silver', 'black'], tints: ['#7986cb', '#f06292', '#4db6ac'], price: [150_000, 520_000],
          lines: [['استرانگ هولد', 'Strong Hold'], ['فلکسیبل', 'Flexible']], specs: [['حجم', ML('۲۵۰', '۴۰۰')]], tags: ['اسپری مو', 'حالت‌دهنده'] },
      ] },
    ],
  },
  {
    title: 'عطر و ادکلن', alias: 'fragrance', shape: 'perfume', color: '#b8860b', branches: [
      { title: 'عطر زنانه', alias: 'women-fragrance', leaves: [
        { title: 'ادو پرفیوم زنانه', alias: 'women-edp', group: 'perfume', shape: 'perfume', finishes: ['gold', 'silver', 'black'], tints: ['#f48fb1', '#ce93d8', '#ffcc80', '#ef9a9a', '#fff59d'], price: [950_000, 3_500_000],
          lines: [['رز نوآر', 'Rose Noir'], ['بلوم', 'Bloom'], ['وانیلا', 'Vanilla'], ['میدنایت', 'Midnight']], option: { title: 'حجم', select: 1, values: ML('۳۰', '۵۰', '۱۰۰') }, tags: ['عطر زنانه', 'ادو پرفیوم'] },
        { title: 'بادی اسپلش', alias: 'body-splash', group: 'perfume', shape: 'spray', finishes: ['white', 'gold'], tints: ['#f8bbd0', '#b2ebf2', '#dcedc8', '#ffe0b2'], price: [180_000, 650_000],
          lines: [['فرش', 'Fresh'], ['سوئیت', 'Sweet'], ['بری', 'Berry']], specs: [['حجم', ML('۲۰۰', '۲۵۰')]], tags: ['بادی اسپلش', 'اسپری بدن'] },
      ] },
      { title: 'عطر مردانه', alias: 'men-fragrance', leaves: [
        { title: 'ادو پرفیوم مردانه', alias: 'men-edp', group: 'perfume', shape: 'perfume', finishes: ['black', 'silver', 'gold'], tints: ['#455a64', '#5d4037', '#1565c0', '#263238'], price: [1_050_000, 3_400_000],
          lines: [['اوشن', 'Ocean'], ['وود', 'Wood'], ['اینتنس', 'Intense'], ['اسپرت', 'Sport']], option: { title: 'حجم', select: 1, values: ML('۵۰', '۱۰۰') }, tags: ['عطر مردانه', 'ادکلن'] },
        { title: 'ادو تویلت مردانه', alias: 'men-edt', group: 'perfume', shape: 'perfume', finishes: ['silver', 'black'], tints: ['#0277bd', '#00695c', '#6d4c41'], price: [750_000, 2_600_000],
          lines: [['فرش', 'Fresh'], ['کلاسیک', 'Classic'], ['آکوا', 'Aqua']], option: { title: 'حجم', select: 1, values: ML('۵۰', '۱۰۰') }, tags: ['ادکلن', 'ادو تویلت'] },
      ] },
    ],
  },
  {
    title: 'بهداشت شخصی', alias: 'personal-care', shape: 'spray', color: '#1e88e5', branches: [
      { title: 'بهداشت بدن', alias: 'body-care', leaves: [
        { title: 'شامپو بدن', alias: 'body-wash', group: 'body', shape: 'shampoo', finishes: ['white', 'silver'], tints: ['#4fc3f7', '#f48fb1', '#aed581', '#ffb74d'], price: [120_000, 420_000],
          lines: [['کرمی', 'Creamy'], ['فرش', 'Fresh'], ['نرم‌کننده', 'Moisture']], option: { title: 'حجم', select: 2, values: ML('۲۵۰', '۵۰۰') }, tags: ['شامپو بدن', 'شاور ژل'] },
        { title: 'دئودورانت', alias: 'deodorant', group: 'body', shape: 'spray', finishes: ['black', 'silver', 'white'], tints: ['#1e88e5', '#ec407a', '#263238', '#26a69a'], price: [110_000, 380_000],
          lines: [['درای', 'Dry'], ['اینویزیبل', 'Invisible'], ['فرش', 'Fresh']], specs: [['حجم', ML('۱۵۰', '۲۰۰')]], tags: ['دئودورانت', 'ضد تعریق'] },
        { title: 'کرم دست و بدن', alias: 'hand-body-cream', group: 'body', shape: 'jar', finishes: ['white', 'silver'], tints: ['#1565c0', '#f8bbd0', '#c5e1a5', '#ffe082'], price: [90_000, 480_000],
          lines: [['سافت', 'Soft'], ['کرم کاسه‌ای', 'Creme'], ['شی باتر', 'Shea Butter']], option: { title: 'حجم', select: 1, values: ML('۷۵', '۱۵۰', '۲۵۰') }, tags: ['کرم دست', 'کرم بدن', 'مرطوب‌کننده'] },
      ] },
      { title: 'بهداشت دهان', alias: 'oral-care', leaves: [
        { title: 'خمیر دندان', alias: 'toothpaste', group: 'oral', shape: 'tube', finishes: ['white', 'silver'], tints: ['#e53935', '#1e88e5', '#43a047'], price: [80_000, 240_000],
          lines: [['وایتنینگ', 'Whitening'], ['کامل', 'Complete'], ['سنسیتیو', 'Sensitive']], specs: [['حجم', ML('۷۵', '۱۰۰')]], tags: ['خمیر دندان', 'سفیدکننده'] },
        { title: 'دهانشویه', alias: 'mouthwash', group: 'oral', shape: 'shampoo', finishes: ['white', 'silver'], tints: ['#29b6f6', '#66bb6a', '#7e57c2'], price: [95_000, 320_000],
          lines: [['کول مینت', 'Cool Mint'], ['توتال', 'Total']], specs: [['حجم', ML('۲۵۰', '۵۰۰')]], tags: ['دهانشویه'] },
      ] },
      { title: 'اصلاح آقایان', alias: 'shaving', leaves: [
        { title: 'فوم اصلاح', alias: 'shaving-foam', group: 'shave', shape: 'spray', finishes: ['silver', 'black'], tints: ['#1565c0', '#37474f', '#00838f'], price: [120_000, 380_000],
          lines: [['سنسیتیو', 'Sensitive'], ['کول', 'Cool']], specs: [['حجم', ML('۲۰۰', '۲۵۰')]], tags: ['فوم اصلاح', 'آقایان'] },
        { title: 'افترشیو', alias: 'aftershave', group: 'shave', shape: 'perfume', finishes: ['silver', 'black'], tints: ['#0277bd', '#455a64'], price: [180_000, 620_000],
          lines: [['کول بریز', 'Cool Breeze'], ['کلاسیک', 'Classic']], specs: [['حجم', ML('۱۰۰')]], tags: ['افترشیو', 'آقایان'] },
      ] },
    ],
  },
];

/** Brands and the groups they make. */
export const BRANDS: { title: string; alias: string; groups: Group[] }[] = [
  { title: 'لورآل', alias: "L'Oréal Paris", groups: ['face', 'eye', 'lip', 'skin', 'hair'] },
  { title: 'میبلین', alias: 'Maybelline New York', groups: ['face', 'eye', 'lip', 'nail'] },
  { title: 'سینره', alias: 'Cinere', groups: ['skin', 'face', 'body'] },
  { title: 'اوریف لیک', alias: 'Oriflame', groups: ['face', 'eye', 'lip', 'skin', 'hair', 'perfume', 'body'] },
  { title: 'بورژوا', alias: 'Bourjois', groups: ['face', 'eye', 'lip', 'nail'] },
  { title: 'نیوآ', alias: 'Nivea', groups: ['skin', 'body', 'shave', 'lip'] },
  { title: 'لافارر', alias: 'Lafarrerr', groups: ['skin', 'body'] },
  { title: 'کامان', alias: 'Comeon', groups: ['skin', 'hair', 'body'] },
  { title: 'سی گل', alias: 'Seagull', groups: ['skin', 'hair', 'body', 'oral'] },
  { title: 'اسنس', alias: 'Essence', groups: ['face', 'eye', 'lip', 'nail'] },
  { title: 'فلورمار', alias: 'Flormar', groups: ['face', 'eye', 'lip', 'nail'] },
  { title: 'مای', alias: 'My', groups: ['face', 'eye', 'lip', 'nail', 'perfume'] },
  { title: 'ویچی', alias: 'Vichy', groups: ['skin'] },
  { title: 'سریتا', alias: 'Cerita', groups: ['skin', 'hair'] },
  { title: 'ژک ساف', alias: 'Jacsaf', groups: ['perfume', 'body', 'shave'] },
  { title: 'سیگنال', alias: 'Signal', groups: ['oral'] },
];

/** Words the descriptions are built from, per group. */
export const BLURBS: Record<Group, { intro: string; points: string[]; use: string }> = {
  face: {
    intro: 'با بافتی سبک و یکدست روی پوست می‌نشیند، منافذ را محو می‌کند و ظاهری طبیعی و شاداب به چهره می‌دهد.',
    points: ['پوشانندگی قابل تنظیم از سبک تا کامل', 'بدون ایجاد حالت پودری و ترک‌خوردگی', 'مناسب استفاده روزانه و مجلسی', 'تست‌شده زیر نظر متخصص پوست', 'فاقد چربی و غیرکومدوژنیک'],
    use: 'مقدار کمی از محصول را با اسفنج یا براش از مرکز صورت به سمت بیرون پخش کنید.',
  },
  eye: {
    intro: 'برای نگاهی جذاب و ماندگار طراحی شده و در طول روز پخش نمی‌شود.',
    points: ['فرمول ضد آب و ضد عرق', 'مناسب چشم‌های حساس و لنزدار', 'رنگ‌دهی عالی از اولین کشش', 'به‌راحتی با پاک‌کننده آرایش پاک می‌شود'],
    use: 'از داخلی‌ترین قسمت چشم به سمت بیرون بکشید و برای رنگ عمیق‌تر لایه دوم را اضافه کنید.',
  },
  lip: {
    intro: 'رنگی غنی و یکدست با یک بار کشیدن؛ لب‌ها در طول روز نرم و مرطوب می‌مانند.',
    points: ['حاوی ویتامین E و روغن‌های طبیعی', 'بدون خشک کردن لب‌ها', 'ماندگاری بالا و انتقال کم', 'رنگ‌های متنوع برای هر سلیقه'],
    use: 'از مرکز لب به سمت گوشه‌ها بکشید؛ برای دقت بیشتر ابتدا خط لب را با مداد مشخص کنید.',
  },
  nail: {
    intro: 'براقی ژلی و رنگی یکدست، بدون نیاز به دستگاه UV.',
    points: ['خشک شدن سریع', 'قلم پهن برای پوشش یکنواخت', 'مقاوم در برابر پریدگی', 'بدون فرمالدهید و تولوئن'],
    use: 'روی ناخن تمیز و خشک دو لایه نازک بزنید و بین لایه‌ها یک دقیقه صبر کنید.',
  },
  skin: {
    intro: 'فرمولی سبک و سریع‌الجذب که پوست را تغذیه می‌کند و از آن در برابر عوامل محیطی محافظت می‌کند.',
    points: ['بدون چربی و بدون ایجاد جوش', 'آبرسانی تا ۲۴ ساعت', 'فاقد پارابن، الکل و رنگ مصنوعی', 'تأییدشده توسط متخصصان پوست', 'مناسب استفاده صبح و شب'],
    use: 'پس از شستشو و خشک کردن پوست، مقدار مناسب را روی صورت و گردن با حرکات دورانی ماساژ دهید.',
  },
  hair: {
    intro: 'موها را از ریشه تا نوک تغذیه می‌کند و نرمی، درخشش و حالت‌پذیری آن‌ها را افزایش می‌دهد.',
    points: ['ترمیم موهای آسیب‌دیده از حرارت و رنگ', 'کاهش وز و گره خوردن مو', 'رایحه‌ای ملایم و ماندگار', 'مناسب مصرف روزانه'],
    use: 'روی موی مرطوب بمالید، چند دقیقه صبر کنید و سپس با آب ولرم آبکشی کنید.',
  },
  perfume: {
    intro: 'رایحه‌ای خاص و به‌یادماندنی که با گرمای پوست به‌تدریج باز می‌شود.',
    points: ['نت‌های آغازین تازه و دلنشین', 'پخش بوی عالی و ماندگاری بالا', 'شیشه‌ای شیک، مناسب هدیه', 'مناسب استفاده روزانه و مجالس'],
    use: 'از فاصله ۱۵ سانتی‌متری روی نقاط نبض مانند مچ دست و پشت گوش اسپری کنید.',
  },
  body: {
    intro: 'برای مراقبت روزانه از پوست بدن، با رایحه‌ای دلپذیر و احساس طراوت در تمام روز.',
    points: ['مناسب پوست‌های حساس', 'pH متعادل', 'بدون ایجاد لک روی لباس', 'تولید با استانداردهای بهداشتی'],
    use: 'روزانه و به‌مقدار لازم روی پوست تمیز استفاده کنید.',
  },
  oral: {
    intro: 'از دندان‌ها و لثه‌ها مراقبت می‌کند و نفسی تازه و خنک تا ساعت‌ها به شما می‌دهد.',
    points: ['حاوی فلوراید برای پیشگیری از پوسیدگی', 'کاهش پلاک و جرم دندان', 'تأییدشده توسط دندان‌پزشکان', 'مناسب استفاده روزانه'],
    use: 'دو بار در روز و هر بار دست‌کم دو دقیقه استفاده کنید.',
  },
  shave: {
    intro: 'اصلاحی نرم و بدون سوزش، با احساس خنکی و آرامش پس از اصلاح.',
    points: ['کاهش قرمزی و التهاب پوست', 'مناسب پوست‌های حساس', 'حاوی آلوئه‌ورا و ویتامین E', 'رایحه‌ای مردانه و ملایم'],
    use: 'روی پوست مرطوب به‌مقدار کافی بمالید و سپس اصلاح کنید.',
  },
};
