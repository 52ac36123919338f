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
      uri = URI("http://#{host}:#{port}#{path}")
      response = Net::HTTP.start(uri.host, uri.port) do |http|
        http.send_request(method.to_s.upcase, uri.path, body&.to_json, headers)
      end
      callback&.call(response)
      response
    rescue SocketError => e
      warn e.message
      nil
    ensure
      @last = Time.now
    end

    def method_missing(name, *args, **kwargs, &blk)
      return super unless name.to_s.start_with?("get_")
      request(:get, "/#{name.to_s.delete_prefix("get_")}", **kwargs, &blk)
    end

    def respond_to_missing?(name, include_private = false) = name.to_s.start_with?("get_") || super

    def ==(other)
      other.is_a?(Client) && other.host == host
    end

    def [](key)
      to_h[key]
    end
  end
end

Api::Client.new("localhost", 80).request(:get, "/") if $PROGRAM_NAME == __FILE__
