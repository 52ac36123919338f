#!/usr/bin/env lua
-- luacheck: globals love
--- A small module: its table, methods and helpers.
-- More about it.
-- @module geometry

local M = {}
local json = require "dkjson"
local util = require("lib.util")
local inspect = require('inspect').inspect
require "strict"

--- The version.
M.VERSION = "1.0"

--- Adds two numbers.
-- @param a number
-- @param b number
-- @return number
function M.add(a, b)
  local s = [[
  end
  ]]
  return a + b
end

function M:scale(k) return self.x * k end

function M.nested.deep(x)
  -- a comment line
  if x then return 1 end
  return 2
end

local function helper(t)
  local function inner(v)
    return v * 2
  end
  return inner(t)
end

local make = function(n)
  local t = {}
  for i = 1, n do t[i] = i end
  return t
end

M.callback = function(...)
  print(...)
end

function global_fn() --[==[ ]==] return 1 end

local Class = setmetatable({}, { __index = function(t, k)
  return rawget(t, k)
end })

return M
