# Grüße in mehreren Sprachen — 日本語 included.
module Grüße
  GRUSS = "Grüß Gott"

  def self.größe(wert)
    # ...
  end

  def begrüßen(名前 = "世界")
    # ...
  end

  HANDLER = lambda do |x|
    y = x + 1
    y * 2
  end

  SQUARE = ->(n) { n * n }

  def each_pair
    # ...
  end
end
