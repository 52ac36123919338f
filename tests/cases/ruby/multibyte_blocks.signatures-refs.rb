# Grüße in mehreren Sprachen — 日本語 included.
module Grüße
  GRUSS = "Grüß Gott"

  def self.größe(wert)
    # ... L6-7
  end

  def begrüßen(名前 = "世界")
    # ... L11
  end

  HANDLER = lambda do |x|
    y = x + 1
    y * 2
  end

  SQUARE = ->(n) { n * n }

  def each_pair
    # ... L22-24
  end
end
