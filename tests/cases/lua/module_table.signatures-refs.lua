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
  -- ... L21-24
end

function M:scale(k) -- ... L27
end

function M.nested.deep(x)
  -- ... L30-32
end

local function helper(t)
  -- ... L36-39
end

local make = function(n)
  -- ... L43-45
end

M.callback = function(...)
  print(...)
end

function global_fn() --[==[ ]==] return 1 end

local Class = setmetatable({}, { __index = function(t, k)
  -- ... L55
end })

return M
