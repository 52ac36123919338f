# frozen_string_literal: true

module Crlf
  # Greets.
  def self.greet(name)
    # ... L6-7
  end

  class Box
    def initialize(v)
      # ... L12-13
    end
  end
end
