#!/usr/bin/env ruby
# rubocop:disable Metrics/MethodLength

require "json"
require "net/http"

module Api
  class Client < Struct.new(:host, :port)
    # One-line methods and endless methods.
    def host? = !host.nil?
    def port_s; port.to_s; end

    def request(method,
                path,
                body: nil,
                headers: {},
                **options,
                &callback)
      # ... L19-29
    end

    def method_missing(name, *args, **kwargs, &blk)
      # ... L33-34
    end

    def respond_to_missing?(name, include_private = false) = name.to_s.start_with?("get_") || super

    def ==(other)
      # ... L40
    end

    def [](key)
      to_h[key]
    end
  end
end

Api::Client.new("localhost", 80).request(:get, "/") if $PROGRAM_NAME == __FILE__
