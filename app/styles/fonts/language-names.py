# Makes language-names-cjk.woff2 and language-names-thai.woff2 (styles/fonts/names.css): the eleven
# characters of the language menu's names (中文 日本語 한국어 ไทย) cut from the self-hosted Noto subsets at
# weight 400, about 2.4 KB together instead of the seven subset files (123 KB) they come from. Run from the
# repository root after changing a name or a font package (fontTools is not a dependency of the site):
#   python3 -m venv /tmp/fonttools && /tmp/fonttools/bin/pip install fonttools brotli
#   /tmp/fonttools/bin/python app/styles/fonts/language-names.py
import os
import tempfile

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

BASE = 'node_modules/@fontsource-variable/'
OUT = 'app/styles/fonts/'
CJK = [
    ('noto-sans-jp/files/noto-sans-jp-113-wght-normal.woff2', '語'),
    ('noto-sans-jp/files/noto-sans-jp-116-wght-normal.woff2', '文'),
    ('noto-sans-jp/files/noto-sans-jp-117-wght-normal.woff2', '中本'),
    ('noto-sans-jp/files/noto-sans-jp-118-wght-normal.woff2', '日'),
    ('noto-sans-kr/files/noto-sans-kr-117-wght-normal.woff2', '국'),
    ('noto-sans-kr/files/noto-sans-kr-118-wght-normal.woff2', '한어'),
]
THAI = ('noto-sans-thai/files/noto-sans-thai-thai-wght-normal.woff2', 'ไทย')


def cut(path, text, out):
    font = instancer.instantiateVariableFont(TTFont(BASE + path), {'wght': 400})
    options = subset.Options()
    options.layout_features = ['*']
    options.hinting = False
    options.name_IDs = ['*']
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    font.flavor = None
    font.save(out)
    return out


with tempfile.TemporaryDirectory() as tmp:
    parts = [cut(path, text, os.path.join(tmp, f'{i}.ttf')) for i, (path, text) in enumerate(CJK)]
    merged = Merger().merge(parts)
    merged.flavor = 'woff2'
    merged.save(OUT + 'language-names-cjk.woff2')
    thai = TTFont(cut(*THAI, os.path.join(tmp, 'thai.ttf')))
    thai.flavor = 'woff2'
    thai.save(OUT + 'language-names-thai.woff2')
