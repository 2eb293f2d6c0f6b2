// The demo catalogue's vocabulary: 20 top-level categories with 150 second-level ones, and the words
// product names are made of, in the three stored languages [en, zh-CN, zh-TW].

export type Words = readonly [en: string, zhCN: string, zhTW: string];

/** How a category's goods vary: which attributes their SKUs combine. */
export type VariantKind = 'apparel' | 'shoes' | 'storage' | 'colour' | 'volume' | 'pack' | 'single';

export interface SubCategory {
  name: Words;
  /** the product noun used in names */
  noun: Words;
  unit: Words;
  /** wholesale price range, USDT */
  price: readonly [number, number];
  variants: VariantKind;
}

export interface TopCategory {
  name: Words;
  /** hue of the category's generated images */
  hue: number;
  /** silhouette drawn on product images */
  shape: ShapeKind;
  adjectives: readonly Words[];
  features: readonly Words[];
  subs: readonly SubCategory[];
}

export type ShapeKind = 'shirt' | 'shoe' | 'bag' | 'gem' | 'phone' | 'laptop' | 'screen' | 'mug' | 'pillow' | 'chair' | 'bottle' | 'box' | 'toy' | 'ball' | 'car' | 'wrench' | 'paw' | 'pencil';

const piece: Words = ['piece', '件', '件'];
const pair: Words = ['pair', '双', '雙'];
const set: Words = ['set', '套', '套'];
const bottle: Words = ['bottle', '瓶', '瓶'];
const box: Words = ['box', '盒', '盒'];
const pack: Words = ['pack', '包', '包'];

function sub(name: Words, noun: Words, price: readonly [number, number], variants: VariantKind, unit: Words = piece): SubCategory {
  return { name, noun, unit, price, variants };
}

export const TAXONOMY: readonly TopCategory[] = [
  {
    name: ["Women's Clothing", '女装', '女裝'],
    hue: 340,
    shape: 'shirt',
    adjectives: [['Elegant', '优雅', '優雅'], ['Casual', '休闲', '休閒'], ['Vintage', '复古', '復古'], ['Floral', '碎花', '碎花'], ['Summer', '夏季', '夏季'], ['Slim', '修身', '修身'], ['Loose', '宽松', '寬鬆'], ['Classic', '经典', '經典']],
    features: [['Cotton', '纯棉', '純棉'], ['Chiffon', '雪纺', '雪紡'], ['Linen', '亚麻', '亞麻'], ['Knitted', '针织', '針織'], ['Silk', '真丝', '真絲'], ['Denim', '牛仔', '牛仔']],
    subs: [
      sub(['Dresses', '连衣裙', '連衣裙'], ['Dress', '连衣裙', '連衣裙'], [6, 28], 'apparel'),
      sub(['Blouses & Shirts', '衬衫', '襯衫'], ['Blouse', '衬衫', '襯衫'], [4, 16], 'apparel'),
      sub(['T-Shirts', 'T恤', 'T恤'], ['T-Shirt', 'T恤', 'T恤'], [2.5, 9], 'apparel'),
      sub(['Skirts', '半身裙', '半身裙'], ['Skirt', '半身裙', '半身裙'], [4, 15], 'apparel'),
      sub(['Jeans & Trousers', '裤装', '褲裝'], ['Trousers', '长裤', '長褲'], [6, 20], 'apparel'),
      sub(['Coats & Jackets', '外套', '外套'], ['Jacket', '外套', '外套'], [12, 45], 'apparel'),
      sub(['Sweaters', '毛衣', '毛衣'], ['Sweater', '毛衣', '毛衣'], [7, 24], 'apparel'),
      sub(['Sleepwear', '睡衣', '睡衣'], ['Pyjama Set', '睡衣套装', '睡衣套裝'], [5, 18], 'apparel', set),
    ],
  },
  {
    name: ["Men's Clothing", '男装', '男裝'],
    hue: 210,
    shape: 'shirt',
    adjectives: [['Classic', '经典', '經典'], ['Casual', '休闲', '休閒'], ['Business', '商务', '商務'], ['Sporty', '运动', '運動'], ['Slim Fit', '修身', '修身'], ['Oversized', '宽松', '寬鬆'], ['Outdoor', '户外', '戶外'], ['Lightweight', '轻薄', '輕薄']],
    features: [['Cotton', '纯棉', '純棉'], ['Wool', '羊毛', '羊毛'], ['Linen', '亚麻', '亞麻'], ['Fleece', '抓绒', '抓絨'], ['Denim', '牛仔', '牛仔'], ['Quick-Dry', '速干', '速乾']],
    subs: [
      sub(['Shirts', '衬衫', '襯衫'], ['Shirt', '衬衫', '襯衫'], [4, 18], 'apparel'),
      sub(['T-Shirts', 'T恤', 'T恤'], ['T-Shirt', 'T恤', 'T恤'], [2.5, 9], 'apparel'),
      sub(['Polo Shirts', 'Polo衫', 'Polo衫'], ['Polo Shirt', 'Polo衫', 'Polo衫'], [4, 14], 'apparel'),
      sub(['Jeans', '牛仔裤', '牛仔褲'], ['Jeans', '牛仔裤', '牛仔褲'], [7, 22], 'apparel'),
      sub(['Jackets', '夹克', '夾克'], ['Jacket', '夹克', '夾克'], [12, 48], 'apparel'),
      sub(['Hoodies', '卫衣', '衛衣'], ['Hoodie', '卫衣', '衛衣'], [7, 22], 'apparel'),
      sub(['Suits & Blazers', '西装', '西裝'], ['Blazer', '西装外套', '西裝外套'], [18, 70], 'apparel'),
      sub(['Shorts', '短裤', '短褲'], ['Shorts', '短裤', '短褲'], [3, 11], 'apparel'),
    ],
  },
  {
    name: ['Shoes', '鞋靴', '鞋靴'],
    hue: 25,
    shape: 'shoe',
    adjectives: [['Comfortable', '舒适', '舒適'], ['Breathable', '透气', '透氣'], ['Non-Slip', '防滑', '防滑'], ['Lightweight', '轻便', '輕便'], ['Fashion', '时尚', '時尚'], ['Classic', '经典', '經典'], ['Waterproof', '防水', '防水'], ['Handmade', '手工', '手工']],
    features: [['Leather', '真皮', '真皮'], ['Mesh', '网面', '網面'], ['Canvas', '帆布', '帆布'], ['Suede', '麂皮', '麂皮'], ['Rubber Sole', '橡胶底', '橡膠底'], ['Memory Foam', '记忆棉', '記憶棉']],
    subs: [
      sub(['Sneakers', '运动鞋', '運動鞋'], ['Sneakers', '运动鞋', '運動鞋'], [9, 32], 'shoes', pair),
      sub(['Running Shoes', '跑步鞋', '跑步鞋'], ['Running Shoes', '跑步鞋', '跑步鞋'], [11, 38], 'shoes', pair),
      sub(['Boots', '靴子', '靴子'], ['Boots', '靴子', '靴子'], [15, 55], 'shoes', pair),
      sub(['Sandals', '凉鞋', '涼鞋'], ['Sandals', '凉鞋', '涼鞋'], [4, 16], 'shoes', pair),
      sub(['Slippers', '拖鞋', '拖鞋'], ['Slippers', '拖鞋', '拖鞋'], [1.5, 7], 'shoes', pair),
      sub(['Loafers', '乐福鞋', '樂福鞋'], ['Loafers', '乐福鞋', '樂福鞋'], [12, 40], 'shoes', pair),
      sub(['High Heels', '高跟鞋', '高跟鞋'], ['High Heels', '高跟鞋', '高跟鞋'], [10, 36], 'shoes', pair),
    ],
  },
  {
    name: ['Bags & Luggage', '箱包', '箱包'],
    hue: 30,
    shape: 'bag',
    adjectives: [['Large Capacity', '大容量', '大容量'], ['Minimalist', '简约', '簡約'], ['Travel', '旅行', '旅行'], ['Anti-Theft', '防盗', '防盜'], ['Fashion', '时尚', '時尚'], ['Waterproof', '防水', '防水'], ['Foldable', '可折叠', '可摺疊'], ['Classic', '经典', '經典']],
    features: [['Leather', '皮革', '皮革'], ['Nylon', '尼龙', '尼龍'], ['Canvas', '帆布', '帆布'], ['Oxford Cloth', '牛津布', '牛津布'], ['PU', 'PU', 'PU'], ['ABS Shell', 'ABS外壳', 'ABS外殼']],
    subs: [
      sub(['Backpacks', '双肩包', '雙肩包'], ['Backpack', '双肩包', '雙肩包'], [6, 26], 'colour'),
      sub(['Handbags', '手提包', '手提包'], ['Handbag', '手提包', '手提包'], [8, 35], 'colour'),
      sub(['Crossbody Bags', '斜挎包', '斜挎包'], ['Crossbody Bag', '斜挎包', '斜挎包'], [5, 20], 'colour'),
      sub(['Wallets', '钱包', '錢包'], ['Wallet', '钱包', '錢包'], [2, 12], 'colour'),
      sub(['Suitcases', '行李箱', '行李箱'], ['Suitcase', '行李箱', '行李箱'], [25, 90], 'colour'),
      sub(['Travel Bags', '旅行袋', '旅行袋'], ['Travel Bag', '旅行袋', '旅行袋'], [7, 28], 'colour'),
      sub(['Laptop Bags', '电脑包', '電腦包'], ['Laptop Bag', '电脑包', '電腦包'], [7, 24], 'colour'),
    ],
  },
  {
    name: ['Jewelry & Watches', '珠宝手表', '珠寶手錶'],
    hue: 50,
    shape: 'gem',
    adjectives: [['Elegant', '优雅', '優雅'], ['Minimalist', '简约', '簡約'], ['Vintage', '复古', '復古'], ['Luxury', '轻奢', '輕奢'], ['Dainty', '精致', '精緻'], ['Bohemian', '波西米亚', '波西米亞'], ['Classic', '经典', '經典'], ['Sparkling', '闪耀', '閃耀']],
    features: [['Sterling Silver', '925银', '925銀'], ['Gold Plated', '镀金', '鍍金'], ['Stainless Steel', '不锈钢', '不鏽鋼'], ['Pearl', '珍珠', '珍珠'], ['Zircon', '锆石', '鋯石'], ['Titanium', '钛钢', '鈦鋼']],
    subs: [
      sub(['Necklaces', '项链', '項鍊'], ['Necklace', '项链', '項鍊'], [2, 25], 'colour'),
      sub(['Earrings', '耳环', '耳環'], ['Earrings', '耳环', '耳環'], [1, 15], 'colour', pair),
      sub(['Rings', '戒指', '戒指'], ['Ring', '戒指', '戒指'], [1, 18], 'colour'),
      sub(['Bracelets', '手链', '手鍊'], ['Bracelet', '手链', '手鍊'], [1.5, 16], 'colour'),
      sub(['Wrist Watches', '手表', '手錶'], ['Watch', '手表', '手錶'], [9, 80], 'colour'),
      sub(['Hair Accessories', '发饰', '髮飾'], ['Hair Clip', '发夹', '髮夾'], [0.5, 5], 'pack', pack),
      sub(['Brooches', '胸针', '胸針'], ['Brooch', '胸针', '胸針'], [1, 9], 'colour'),
    ],
  },
  {
    name: ['Phones & Accessories', '手机配件', '手機配件'],
    hue: 200,
    shape: 'phone',
    adjectives: [['Fast Charging', '快充', '快充'], ['Shockproof', '防摔', '防摔'], ['Ultra-Thin', '超薄', '超薄'], ['Magnetic', '磁吸', '磁吸'], ['Portable', '便携', '便攜'], ['Transparent', '透明', '透明'], ['Wireless', '无线', '無線'], ['Heavy Duty', '加固', '加固']],
    features: [['Silicone', '硅胶', '矽膠'], ['Tempered Glass', '钢化玻璃', '鋼化玻璃'], ['Aluminium', '铝合金', '鋁合金'], ['Braided', '编织', '編織'], ['USB-C', 'USB-C', 'USB-C'], ['MagSafe', 'MagSafe', 'MagSafe']],
    subs: [
      sub(['Phone Cases', '手机壳', '手機殼'], ['Phone Case', '手机壳', '手機殼'], [0.8, 6], 'colour'),
      sub(['Screen Protectors', '贴膜', '保護貼'], ['Screen Protector', '保护膜', '保護貼'], [0.3, 3], 'pack', pack),
      sub(['Chargers', '充电器', '充電器'], ['Charger', '充电器', '充電器'], [2, 15], 'colour'),
      sub(['Cables', '数据线', '傳輸線'], ['Charging Cable', '数据线', '傳輸線'], [0.6, 5], 'colour'),
      sub(['Power Banks', '充电宝', '行動電源'], ['Power Bank', '充电宝', '行動電源'], [6, 28], 'storage'),
      sub(['Phone Holders', '手机支架', '手機支架'], ['Phone Holder', '手机支架', '手機支架'], [1, 8], 'colour'),
      sub(['Selfie Sticks', '自拍杆', '自拍桿'], ['Selfie Stick', '自拍杆', '自拍桿'], [2, 12], 'colour'),
      sub(['Smartphones', '智能手机', '智慧型手機'], ['Smartphone', '智能手机', '智慧型手機'], [70, 320], 'storage'),
    ],
  },
  {
    name: ['Computers & Office', '电脑办公', '電腦辦公'],
    hue: 230,
    shape: 'laptop',
    adjectives: [['Ergonomic', '人体工学', '人體工學'], ['Wireless', '无线', '無線'], ['Portable', '便携', '便攜'], ['Mechanical', '机械', '機械'], ['Silent', '静音', '靜音'], ['RGB', 'RGB', 'RGB'], ['Compact', '紧凑', '緊湊'], ['High-Speed', '高速', '高速']],
    features: [['Bluetooth', '蓝牙', '藍牙'], ['USB 3.0', 'USB 3.0', 'USB 3.0'], ['Aluminium', '铝合金', '鋁合金'], ['Backlit', '背光', '背光'], ['Dual-Mode', '双模', '雙模'], ['Type-C', 'Type-C', 'Type-C']],
    subs: [
      sub(['Keyboards', '键盘', '鍵盤'], ['Keyboard', '键盘', '鍵盤'], [6, 45], 'colour'),
      sub(['Mice', '鼠标', '滑鼠'], ['Mouse', '鼠标', '滑鼠'], [2.5, 20], 'colour'),
      sub(['USB Flash Drives', 'U盘', '隨身碟'], ['USB Flash Drive', 'U盘', '隨身碟'], [2, 14], 'storage'),
      sub(['Laptop Stands', '笔记本支架', '筆電支架'], ['Laptop Stand', '笔记本支架', '筆電支架'], [5, 22], 'colour'),
      sub(['Webcams', '摄像头', '網路攝影機'], ['Webcam', '摄像头', '網路攝影機'], [8, 35], 'single'),
      sub(['Hubs & Adapters', '扩展坞', '擴充座'], ['USB Hub', '扩展坞', '擴充座'], [4, 26], 'single'),
      sub(['Printers & Ink', '打印耗材', '列印耗材'], ['Ink Cartridge', '墨盒', '墨水匣'], [3, 20], 'pack', pack),
      sub(['Monitors', '显示器', '顯示器'], ['Monitor', '显示器', '顯示器'], [60, 260], 'single'),
    ],
  },
  {
    name: ['Consumer Electronics', '数码家电', '數碼家電'],
    hue: 260,
    shape: 'screen',
    adjectives: [['Smart', '智能', '智慧'], ['Portable', '便携', '便攜'], ['Noise-Cancelling', '降噪', '降噪'], ['HD', '高清', '高清'], ['Mini', '迷你', '迷你'], ['Rechargeable', '充电式', '充電式'], ['Waterproof', '防水', '防水'], ['Professional', '专业', '專業']],
    features: [['Bluetooth 5.3', '蓝牙5.3', '藍牙5.3'], ['4K', '4K', '4K'], ['Wi-Fi', 'Wi-Fi', 'Wi-Fi'], ['Stereo', '立体声', '立體聲'], ['LED', 'LED', 'LED'], ['Long Battery', '长续航', '長續航']],
    subs: [
      sub(['Headphones', '耳机', '耳機'], ['Headphones', '耳机', '耳機'], [5, 60], 'colour'),
      sub(['Bluetooth Speakers', '蓝牙音箱', '藍牙喇叭'], ['Speaker', '音箱', '喇叭'], [7, 50], 'colour'),
      sub(['Smart Watches', '智能手表', '智慧手錶'], ['Smart Watch', '智能手表', '智慧手錶'], [12, 90], 'colour'),
      sub(['Action Cameras', '运动相机', '運動相機'], ['Action Camera', '运动相机', '運動相機'], [25, 140], 'single'),
      sub(['Projectors', '投影仪', '投影機'], ['Projector', '投影仪', '投影機'], [35, 180], 'single'),
      sub(['Game Controllers', '游戏手柄', '遊戲手把'], ['Game Controller', '游戏手柄', '遊戲手把'], [8, 40], 'colour'),
      sub(['Drones', '无人机', '無人機'], ['Drone', '无人机', '無人機'], [30, 220], 'single'),
      sub(['Electric Shavers', '电动剃须刀', '電動刮鬍刀'], ['Shaver', '剃须刀', '刮鬍刀'], [8, 45], 'colour'),
    ],
  },
  {
    name: ['Home & Kitchen', '家居厨具', '家居廚具'],
    hue: 140,
    shape: 'mug',
    adjectives: [['Non-Stick', '不粘', '不沾'], ['Reusable', '可重复使用', '可重複使用'], ['Heat-Resistant', '耐高温', '耐高溫'], ['Stackable', '可叠放', '可疊放'], ['Eco-Friendly', '环保', '環保'], ['Multi-Purpose', '多用途', '多用途'], ['Nordic', '北欧', '北歐'], ['Space-Saving', '省空间', '省空間']],
    features: [['Stainless Steel', '不锈钢', '不鏽鋼'], ['Ceramic', '陶瓷', '陶瓷'], ['Bamboo', '竹制', '竹製'], ['Glass', '玻璃', '玻璃'], ['Cast Iron', '铸铁', '鑄鐵'], ['Food-Grade Silicone', '食品级硅胶', '食品級矽膠']],
    subs: [
      sub(['Cookware', '锅具', '鍋具'], ['Frying Pan', '炒锅', '炒鍋'], [8, 45], 'volume'),
      sub(['Kitchen Knives', '刀具', '刀具'], ['Knife Set', '刀具套装', '刀具組'], [6, 40], 'single', set),
      sub(['Drinkware', '水杯', '水杯'], ['Water Bottle', '水杯', '水杯'], [2, 14], 'volume'),
      sub(['Food Storage', '保鲜收纳', '保鮮收納'], ['Storage Container', '保鲜盒', '保鮮盒'], [2, 12], 'pack', set),
      sub(['Tableware', '餐具', '餐具'], ['Dinner Plate', '餐盘', '餐盤'], [1.5, 10], 'pack', set),
      sub(['Kitchen Gadgets', '厨房小工具', '廚房小工具'], ['Vegetable Peeler', '削皮器', '削皮器'], [0.8, 6], 'colour'),
      sub(['Coffee & Tea', '咖啡茶具', '咖啡茶具'], ['Coffee Maker', '咖啡壶', '咖啡壺'], [6, 40], 'single'),
      sub(['Small Appliances', '小家电', '小家電'], ['Electric Kettle', '电热水壶', '電熱水壺'], [9, 55], 'colour'),
    ],
  },
  {
    name: ['Home Textiles', '家纺', '家紡'],
    hue: 300,
    shape: 'pillow',
    adjectives: [['Soft', '柔软', '柔軟'], ['Breathable', '透气', '透氣'], ['Luxury', '奢华', '奢華'], ['Hypoallergenic', '防过敏', '防過敏'], ['Nordic', '北欧', '北歐'], ['Warm', '保暖', '保暖'], ['Cooling', '凉感', '涼感'], ['Printed', '印花', '印花']],
    features: [['Cotton', '纯棉', '純棉'], ['Microfiber', '超细纤维', '超細纖維'], ['Bamboo Fibre', '竹纤维', '竹纖維'], ['Linen', '亚麻', '亞麻'], ['Velvet', '丝绒', '絲絨'], ['Memory Foam', '记忆棉', '記憶棉']],
    subs: [
      sub(['Bedding Sets', '床品套件', '床組'], ['Bedding Set', '四件套', '四件套'], [15, 60], 'apparel', set),
      sub(['Pillows', '枕头', '枕頭'], ['Pillow', '枕头', '枕頭'], [3, 18], 'colour'),
      sub(['Blankets', '毛毯', '毛毯'], ['Blanket', '毛毯', '毛毯'], [6, 30], 'colour'),
      sub(['Towels', '毛巾', '毛巾'], ['Bath Towel', '浴巾', '浴巾'], [2, 12], 'colour'),
      sub(['Curtains', '窗帘', '窗簾'], ['Curtain', '窗帘', '窗簾'], [7, 35], 'colour'),
      sub(['Rugs & Carpets', '地毯', '地毯'], ['Area Rug', '地毯', '地毯'], [9, 60], 'colour'),
      sub(['Cushion Covers', '抱枕套', '抱枕套'], ['Cushion Cover', '抱枕套', '抱枕套'], [1, 6], 'pack', pack),
    ],
  },
  {
    name: ['Furniture', '家具', '家具'],
    hue: 35,
    shape: 'chair',
    adjectives: [['Modern', '现代', '現代'], ['Foldable', '可折叠', '可摺疊'], ['Nordic', '北欧', '北歐'], ['Industrial', '工业风', '工業風'], ['Adjustable', '可调节', '可調節'], ['Compact', '小户型', '小坪數'], ['Solid', '实木', '實木'], ['Minimalist', '简约', '簡約']],
    features: [['Oak', '橡木', '橡木'], ['Metal Frame', '金属框架', '金屬框架'], ['Rattan', '藤编', '藤編'], ['Velvet', '丝绒', '絲絨'], ['Pine', '松木', '松木'], ['Engineered Wood', '板材', '板材']],
    subs: [
      sub(['Chairs', '椅子', '椅子'], ['Chair', '椅子', '椅子'], [18, 90], 'colour'),
      sub(['Tables', '桌子', '桌子'], ['Side Table', '边几', '邊几'], [20, 120], 'colour'),
      sub(['Shelves', '置物架', '置物架'], ['Shelf', '置物架', '置物架'], [10, 65], 'colour'),
      sub(['Office Chairs', '办公椅', '辦公椅'], ['Office Chair', '办公椅', '辦公椅'], [35, 160], 'colour'),
      sub(['Shoe Racks', '鞋架', '鞋架'], ['Shoe Rack', '鞋架', '鞋架'], [8, 40], 'colour'),
      sub(['Stools', '凳子', '凳子'], ['Stool', '凳子', '凳子'], [7, 35], 'colour'),
      sub(['Wardrobes', '衣柜', '衣櫃'], ['Wardrobe', '衣柜', '衣櫃'], [45, 240], 'colour'),
    ],
  },
  {
    name: ['Beauty & Personal Care', '美妆个护', '美妝個護'],
    hue: 330,
    shape: 'bottle',
    adjectives: [['Hydrating', '保湿', '保濕'], ['Long-Lasting', '持久', '持久'], ['Natural', '天然', '天然'], ['Brightening', '提亮', '提亮'], ['Gentle', '温和', '溫和'], ['Waterproof', '防水', '防水'], ['Vegan', '纯素', '純素'], ['Travel Size', '旅行装', '旅行裝']],
    features: [['Hyaluronic Acid', '玻尿酸', '玻尿酸'], ['Vitamin C', '维C', '維C'], ['Aloe Vera', '芦荟', '蘆薈'], ['Collagen', '胶原蛋白', '膠原蛋白'], ['Tea Tree', '茶树', '茶樹'], ['Rose', '玫瑰', '玫瑰']],
    subs: [
      sub(['Face Care', '面部护理', '臉部保養'], ['Face Serum', '精华液', '精華液'], [2, 18], 'volume', bottle),
      sub(['Lipsticks', '口红', '口紅'], ['Lipstick', '口红', '口紅'], [1, 9], 'colour'),
      sub(['Eye Makeup', '眼妆', '眼妝'], ['Eyeshadow Palette', '眼影盘', '眼影盤'], [2, 14], 'colour', box),
      sub(['Nail Care', '美甲', '美甲'], ['Nail Polish', '指甲油', '指甲油'], [0.6, 5], 'colour', bottle),
      sub(['Hair Care', '洗护发', '洗護髮'], ['Shampoo', '洗发水', '洗髮精'], [2, 12], 'volume', bottle),
      sub(['Body Care', '身体护理', '身體護理'], ['Body Lotion', '身体乳', '身體乳'], [2, 12], 'volume', bottle),
      sub(['Fragrances', '香水', '香水'], ['Perfume', '香水', '香水'], [4, 35], 'volume', bottle),
      sub(['Makeup Tools', '美妆工具', '美妝工具'], ['Makeup Brush Set', '化妆刷套装', '化妝刷組'], [2, 16], 'pack', set),
    ],
  },
  {
    name: ['Household Cleaning', '家庭清洁', '家庭清潔'],
    hue: 180,
    shape: 'box',
    adjectives: [['Concentrated', '浓缩', '濃縮'], ['Multi-Surface', '多表面', '多表面'], ['Eco', '环保', '環保'], ['Heavy Duty', '强力', '強力'], ['Scented', '香型', '香型'], ['Disposable', '一次性', '一次性'], ['Reusable', '可重复使用', '可重複使用'], ['Compact', '小巧', '小巧']],
    features: [['Lemon', '柠檬', '檸檬'], ['Lavender', '薰衣草', '薰衣草'], ['Microfiber', '超细纤维', '超細纖維'], ['Biodegradable', '可降解', '可降解'], ['Unscented', '无香', '無香'], ['Antibacterial', '抗菌', '抗菌']],
    subs: [
      sub(['Cleaning Cloths', '清洁布', '清潔布'], ['Cleaning Cloth', '清洁布', '清潔布'], [1, 6], 'pack', pack),
      sub(['Mops & Brooms', '拖把扫帚', '拖把掃帚'], ['Spin Mop', '旋转拖把', '旋轉拖把'], [6, 30], 'colour'),
      sub(['Detergents', '洗涤剂', '洗滌劑'], ['Laundry Detergent', '洗衣液', '洗衣精'], [2, 14], 'volume', bottle),
      sub(['Trash Bags', '垃圾袋', '垃圾袋'], ['Trash Bags', '垃圾袋', '垃圾袋'], [1, 6], 'pack', pack),
      sub(['Storage Boxes', '收纳盒', '收納盒'], ['Storage Box', '收纳盒', '收納盒'], [2, 15], 'colour'),
      sub(['Laundry Baskets', '脏衣篮', '洗衣籃'], ['Laundry Basket', '脏衣篮', '洗衣籃'], [3, 16], 'colour'),
      sub(['Air Fresheners', '空气清新', '空氣清新'], ['Air Freshener', '空气清新剂', '空氣清新劑'], [1.5, 9], 'volume', bottle),
    ],
  },
  {
    name: ['Mother & Baby', '母婴', '母嬰'],
    hue: 90,
    shape: 'toy',
    adjectives: [['Soft', '柔软', '柔軟'], ['BPA-Free', '不含BPA', '不含BPA'], ['Organic', '有机', '有機'], ['Adjustable', '可调节', '可調節'], ['Portable', '便携', '便攜'], ['Gentle', '温和', '溫和'], ['Cute', '可爱', '可愛'], ['Safe', '安全', '安全']],
    features: [['Cotton', '纯棉', '純棉'], ['Silicone', '硅胶', '矽膠'], ['Bamboo', '竹纤维', '竹纖維'], ['Muslin', '纱布', '紗布'], ['Wooden', '木质', '木質'], ['Breathable Mesh', '透气网', '透氣網']],
    subs: [
      sub(['Baby Clothing', '婴儿服装', '嬰兒服裝'], ['Baby Romper', '婴儿连体衣', '嬰兒連身衣'], [3, 14], 'apparel'),
      sub(['Feeding', '喂养用品', '餵養用品'], ['Baby Bottle', '奶瓶', '奶瓶'], [2, 12], 'volume'),
      sub(['Diapering', '纸尿裤', '紙尿褲'], ['Diapers', '纸尿裤', '紙尿褲'], [5, 20], 'pack', pack),
      sub(['Strollers', '婴儿车', '嬰兒車'], ['Stroller', '婴儿车', '嬰兒車'], [40, 180], 'colour'),
      sub(['Baby Carriers', '背带', '揹帶'], ['Baby Carrier', '婴儿背带', '嬰兒揹帶'], [9, 40], 'colour'),
      sub(['Bath & Care', '洗护', '洗護'], ['Baby Wash', '婴儿沐浴露', '嬰兒沐浴乳'], [2, 10], 'volume', bottle),
      sub(['Maternity Wear', '孕妇装', '孕婦裝'], ['Maternity Dress', '孕妇裙', '孕婦裙'], [8, 30], 'apparel'),
    ],
  },
  {
    name: ['Toys & Hobbies', '玩具', '玩具'],
    hue: 0,
    shape: 'toy',
    adjectives: [['Educational', '益智', '益智'], ['Colourful', '彩色', '彩色'], ['Interactive', '互动', '互動'], ['Creative', '创意', '創意'], ['Classic', '经典', '經典'], ['Remote-Control', '遥控', '遙控'], ['Plush', '毛绒', '毛絨'], ['DIY', 'DIY', 'DIY']],
    features: [['Wooden', '木质', '木質'], ['Plastic', '塑料', '塑膠'], ['Magnetic', '磁力', '磁力'], ['Musical', '音乐', '音樂'], ['Glow-in-the-Dark', '夜光', '夜光'], ['Rechargeable', '充电', '充電']],
    subs: [
      sub(['Building Blocks', '积木', '積木'], ['Building Block Set', '积木套装', '積木組'], [4, 40], 'pack', set),
      sub(['Plush Toys', '毛绒玩具', '絨毛玩具'], ['Plush Toy', '毛绒玩具', '絨毛玩具'], [2, 18], 'colour'),
      sub(['RC Vehicles', '遥控车', '遙控車'], ['RC Car', '遥控车', '遙控車'], [9, 60], 'colour'),
      sub(['Puzzles', '拼图', '拼圖'], ['Jigsaw Puzzle', '拼图', '拼圖'], [2, 14], 'pack', box),
      sub(['Dolls', '娃娃', '娃娃'], ['Doll', '娃娃', '娃娃'], [3, 25], 'colour'),
      sub(['Board Games', '桌游', '桌遊'], ['Board Game', '桌游', '桌遊'], [4, 30], 'single', box),
      sub(['Art Supplies', '美术用品', '美術用品'], ['Drawing Set', '绘画套装', '繪畫組'], [3, 22], 'pack', set),
      sub(['Outdoor Play', '户外玩具', '戶外玩具'], ['Kite', '风筝', '風箏'], [2, 16], 'colour'),
    ],
  },
  {
    name: ['Sports & Outdoors', '运动户外', '運動戶外'],
    hue: 120,
    shape: 'ball',
    adjectives: [['Professional', '专业', '專業'], ['Lightweight', '轻量', '輕量'], ['Durable', '耐用', '耐用'], ['Portable', '便携', '便攜'], ['Adjustable', '可调节', '可調節'], ['Non-Slip', '防滑', '防滑'], ['Breathable', '透气', '透氣'], ['All-Weather', '全天候', '全天候']],
    features: [['Carbon Fibre', '碳纤维', '碳纖維'], ['Nylon', '尼龙', '尼龍'], ['TPE', 'TPE', 'TPE'], ['Aluminium', '铝合金', '鋁合金'], ['Ripstop', '防撕裂', '防撕裂'], ['Neoprene', '潜水料', '潛水料']],
    subs: [
      sub(['Yoga & Fitness', '瑜伽健身', '瑜珈健身'], ['Yoga Mat', '瑜伽垫', '瑜珈墊'], [4, 25], 'colour'),
      sub(['Camping', '露营', '露營'], ['Camping Tent', '帐篷', '帳篷'], [20, 140], 'colour'),
      sub(['Cycling', '骑行', '騎行'], ['Cycling Gloves', '骑行手套', '騎行手套'], [2, 16], 'apparel', pair),
      sub(['Fishing', '钓鱼', '釣魚'], ['Fishing Rod', '钓竿', '釣竿'], [6, 60], 'single'),
      sub(['Team Sports', '球类', '球類'], ['Football', '足球', '足球'], [4, 28], 'colour'),
      sub(['Swimming', '游泳', '游泳'], ['Swim Goggles', '泳镜', '泳鏡'], [2, 14], 'colour'),
      sub(['Hiking', '徒步登山', '健行登山'], ['Trekking Pole', '登山杖', '登山杖'], [5, 30], 'colour', pair),
      sub(['Sportswear', '运动服', '運動服'], ['Sports Leggings', '运动紧身裤', '運動緊身褲'], [5, 20], 'apparel'),
    ],
  },
  {
    name: ['Automotive', '汽车用品', '汽車用品'],
    hue: 0,
    shape: 'car',
    adjectives: [['Universal', '通用', '通用'], ['Heavy Duty', '重型', '重型'], ['Waterproof', '防水', '防水'], ['Quick-Install', '快装', '快裝'], ['Smart', '智能', '智慧'], ['Heat-Resistant', '耐高温', '耐高溫'], ['Premium', '高端', '高端'], ['Compact', '小巧', '小巧']],
    features: [['Leather', '皮革', '皮革'], ['LED', 'LED', 'LED'], ['Silicone', '硅胶', '矽膠'], ['Stainless Steel', '不锈钢', '不鏽鋼'], ['ABS', 'ABS', 'ABS'], ['12V', '12V', '12V']],
    subs: [
      sub(['Car Electronics', '车载电器', '車用電器'], ['Dash Camera', '行车记录仪', '行車紀錄器'], [15, 80], 'single'),
      sub(['Seat Covers', '座套', '座椅套'], ['Seat Cover Set', '座套', '座椅套'], [12, 60], 'colour', set),
      sub(['Car Lights', '车灯', '車燈'], ['LED Headlight Bulb', 'LED大灯', 'LED大燈'], [6, 35], 'pack', pair),
      sub(['Car Care', '汽车养护', '汽車保養'], ['Car Wax', '车蜡', '車蠟'], [3, 18], 'volume', bottle),
      sub(['Interior Accessories', '内饰', '內裝'], ['Phone Mount', '车载支架', '車用支架'], [2, 14], 'colour'),
      sub(['Tools & Emergency', '应急工具', '應急工具'], ['Tyre Inflator', '充气泵', '打氣機'], [12, 50], 'single'),
      sub(['Motorcycle Parts', '摩托车配件', '機車配件'], ['Motorcycle Helmet', '摩托车头盔', '機車安全帽'], [15, 90], 'apparel'),
    ],
  },
  {
    name: ['Tools & Home Improvement', '五金工具', '五金工具'],
    hue: 45,
    shape: 'wrench',
    adjectives: [['Cordless', '无线', '無線'], ['Professional', '专业', '專業'], ['Heavy Duty', '重型', '重型'], ['Multi-Function', '多功能', '多功能'], ['Precision', '精密', '精密'], ['Rechargeable', '充电式', '充電式'], ['Compact', '小型', '小型'], ['Industrial', '工业级', '工業級']],
    features: [['Chrome Vanadium', '铬钒钢', '鉻釩鋼'], ['Brushless', '无刷', '無刷'], ['Lithium', '锂电', '鋰電'], ['Stainless Steel', '不锈钢', '不鏽鋼'], ['Magnetic', '磁性', '磁性'], ['LED', 'LED', 'LED']],
    subs: [
      sub(['Power Tools', '电动工具', '電動工具'], ['Electric Drill', '电钻', '電鑽'], [18, 110], 'single'),
      sub(['Hand Tools', '手动工具', '手工具'], ['Screwdriver Set', '螺丝刀套装', '螺絲起子組'], [3, 30], 'pack', set),
      sub(['Measuring Tools', '测量工具', '測量工具'], ['Tape Measure', '卷尺', '捲尺'], [1.5, 25], 'single'),
      sub(['Lighting', '照明', '照明'], ['LED Bulb', 'LED灯泡', 'LED燈泡'], [0.8, 8], 'pack', pack),
      sub(['Plumbing', '水暖', '水電'], ['Shower Head', '花洒', '蓮蓬頭'], [4, 30], 'single'),
      sub(['Electrical', '电工', '電工'], ['Power Strip', '插线板', '延長線'], [3, 18], 'single'),
      sub(['Garden Tools', '园艺工具', '園藝工具'], ['Pruning Shears', '修枝剪', '修枝剪'], [2, 20], 'single'),
      sub(['Hardware', '五金配件', '五金配件'], ['Door Hinge', '合页', '鉸鏈'], [0.5, 6], 'pack', pack),
    ],
  },
  {
    name: ['Pet Supplies', '宠物用品', '寵物用品'],
    hue: 20,
    shape: 'paw',
    adjectives: [['Durable', '耐咬', '耐咬'], ['Washable', '可水洗', '可水洗'], ['Adjustable', '可调节', '可調節'], ['Cosy', '舒适', '舒適'], ['Automatic', '自动', '自動'], ['Interactive', '互动', '互動'], ['Portable', '便携', '便攜'], ['Reflective', '反光', '反光']],
    features: [['Plush', '毛绒', '毛絨'], ['Nylon', '尼龙', '尼龍'], ['Stainless Steel', '不锈钢', '不鏽鋼'], ['Natural Rubber', '天然橡胶', '天然橡膠'], ['Cotton Rope', '棉绳', '棉繩'], ['Bamboo', '竹制', '竹製']],
    subs: [
      sub(['Dog Supplies', '狗狗用品', '狗狗用品'], ['Dog Leash', '牵引绳', '牽繩'], [2, 16], 'colour'),
      sub(['Cat Supplies', '猫咪用品', '貓咪用品'], ['Cat Scratcher', '猫抓板', '貓抓板'], [3, 30], 'colour'),
      sub(['Pet Beds', '宠物窝', '寵物窩'], ['Pet Bed', '宠物窝', '寵物窩'], [6, 40], 'colour'),
      sub(['Pet Bowls', '宠物碗', '寵物碗'], ['Pet Bowl', '宠物碗', '寵物碗'], [1.5, 14], 'colour'),
      sub(['Pet Toys', '宠物玩具', '寵物玩具'], ['Chew Toy', '磨牙玩具', '磨牙玩具'], [1, 8], 'colour'),
      sub(['Aquarium', '水族', '水族'], ['Aquarium Filter', '鱼缸过滤器', '魚缸過濾器'], [5, 40], 'single'),
      sub(['Grooming', '美容护理', '美容護理'], ['Grooming Brush', '梳毛刷', '梳毛刷'], [1.5, 12], 'colour'),
    ],
  },
  {
    name: ['Stationery & Office Supplies', '文具办公', '文具辦公'],
    hue: 190,
    shape: 'pencil',
    adjectives: [['Premium', '高级', '高級'], ['Refillable', '可替换', '可替換'], ['Colourful', '彩色', '彩色'], ['Minimalist', '简约', '簡約'], ['Vintage', '复古', '復古'], ['Quick-Dry', '速干', '速乾'], ['Smooth', '顺滑', '順滑'], ['Portable', '便携', '便攜']],
    features: [['Metal', '金属', '金屬'], ['Kraft Paper', '牛皮纸', '牛皮紙'], ['Gel Ink', '中性墨', '中性墨'], ['Leather', '皮面', '皮面'], ['Transparent', '透明', '透明'], ['Recycled', '再生', '再生']],
    subs: [
      sub(['Pens', '笔', '筆'], ['Gel Pen Set', '中性笔套装', '中性筆組'], [1, 10], 'pack', set),
      sub(['Notebooks', '笔记本', '筆記本'], ['Notebook', '笔记本', '筆記本'], [1, 9], 'colour'),
      sub(['Desk Organisers', '桌面收纳', '桌面收納'], ['Desk Organiser', '桌面收纳盒', '桌面收納盒'], [3, 18], 'colour'),
      sub(['Files & Folders', '文件夹', '資料夾'], ['File Folder', '文件夹', '資料夾'], [0.8, 6], 'pack', pack),
      sub(['Sticky Notes', '便利贴', '便利貼'], ['Sticky Notes', '便利贴', '便利貼'], [0.5, 4], 'pack', pack),
      sub(['School Bags', '书包', '書包'], ['School Bag', '书包', '書包'], [6, 30], 'colour'),
      sub(['Calculators', '计算器', '計算機'], ['Calculator', '计算器', '計算機'], [2, 18], 'single'),
    ],
  },
];

export const COLOURS: readonly Words[] = [
  ['Black', '黑色', '黑色'], ['White', '白色', '白色'], ['Red', '红色', '紅色'], ['Blue', '蓝色', '藍色'], ['Green', '绿色', '綠色'],
  ['Grey', '灰色', '灰色'], ['Pink', '粉色', '粉色'], ['Yellow', '黄色', '黃色'], ['Navy', '藏青', '藏青'], ['Beige', '米色', '米色'],
];
export const SIZES: readonly string[] = ['S', 'M', 'L', 'XL', 'XXL'];
export const SHOE_SIZES: readonly string[] = ['37', '38', '39', '40', '41', '42', '43', '44'];
export const STORAGE: readonly string[] = ['32GB', '64GB', '128GB', '256GB', '10000mAh', '20000mAh'];
export const VOLUMES: readonly string[] = ['50ml', '100ml', '250ml', '500ml', '1L'];
export const PACKS: readonly Words[] = [['1 pc', '1件', '1件'], ['2 pcs', '2件', '2件'], ['5 pcs', '5件', '5件'], ['10 pcs', '10件', '10件']];

export const ATTRIBUTE_NAMES: Record<'colour' | 'size' | 'shoeSize' | 'storage' | 'volume' | 'pack', Words> = {
  colour: ['Colour', '颜色', '顏色'],
  size: ['Size', '尺码', '尺碼'],
  shoeSize: ['Shoe size', '鞋码', '鞋碼'],
  storage: ['Capacity', '容量规格', '容量規格'],
  volume: ['Volume', '容量', '容量'],
  pack: ['Pack', '规格', '規格'],
};

export const SHOP_WORDS: { prefixes: readonly string[]; suffixes: readonly string[] } = {
  prefixes: [
    'Golden', 'Silk Road', 'Harbour', 'Blue Sky', 'Evergreen', 'Sunrise', 'Pacific', 'Lotus', 'Maple', 'Orient', 'Northern Star',
    'Jade', 'Crimson', 'Silver Leaf', 'Coastal', 'Summit', 'Bamboo', 'Meridian', 'Phoenix', 'Riverbend', 'Aurora', 'Cedar',
    'Hanami', 'Urban', 'Prairie', 'Atlas', 'Nova', 'Willow', 'Saffron', 'Oasis',
  ],
  suffixes: ['Trading Co.', 'Wholesale', 'Supply', 'Goods', 'Direct', 'Outlet', 'Mart', 'Depot', 'Bazaar', 'Emporium'],
};
