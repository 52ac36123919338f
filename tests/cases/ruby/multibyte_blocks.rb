# Grüße in mehreren Sprachen — 日本語 included.
module Grüße
  GRUSS = "Grüß Gott"

  def self.größe(wert)
    text = "größe: #{wert} — ✓"
    text.length
  end

  def begrüßen(名前 = "世界")
    "こんにちは、#{名前}"
  end

  HANDLER = lambda do |x|
    y = x + 1
    y * 2
  end

  SQUARE = ->(n) { n * n }

  def each_pair
    return enum_for(:each_pair) unless block_given?
    yield :a, 1
    yield :b, 2
  end
end
