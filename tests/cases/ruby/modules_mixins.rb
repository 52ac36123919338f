# encoding: utf-8
# frozen_string_literal: true

module Shop
  VERSION = "1.2.0"
  DEFAULTS = {
    currency: "EUR",
    locale: "de",
    rounding: 2,
  }.freeze

  module Pricing
    extend self

    def total(items, tax: 0.2)
      sum = items.sum(&:price)
      sum * (1 + tax)
    end
  end

  class Cart
    include Enumerable
    include Pricing
    attr_accessor :items
    attr_reader :owner

    class << self
      def empty(owner)
        new(owner, [])
      end
    end

    def initialize(owner, items = [])
      @owner = owner
      @items = items
    end

    def each(&block)
      items.each(&block)
    end

    protected

    def raw_items
      @items.dup
    end

    private

    def recalc!
      @total = total(items)
    end
  end
end
