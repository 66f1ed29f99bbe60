#include "render/view_data.h"

#include <atomic>
#include <mutex>
#include <nlohmann/json.hpp>

namespace pp {

namespace mustache = kainjow::mustache;

namespace {

bool recording();

}  // namespace

void ViewData::set(const std::string& key, const mustache::data& value) {
  set(key, mustache::data(value));
}

void ViewData::set(const std::string& key, mustache::data&& value) {
  (*this)[key] = std::move(value);
  if (recording()) keys_.insert(key);
}

void ViewData::set(const std::string& key, const ViewData& value) {
  set(key, ViewData(value));
}

void ViewData::set(const std::string& key, ViewData&& value) {
  set_nested(key, std::move(value), value.keys(), ".");
}

void ViewData::set(const std::string& key, const ViewList& value) {
  set(key, ViewList(value));
}

void ViewData::set(const std::string& key, ViewList&& value) {
  set_nested(key, std::move(value), value.keys(), "[].");
}

void ViewData::set_nested(const std::string& key, mustache::data&& value,
                          const std::set<std::string>& inner, const char* joint) {
  if (recording()) {
    keys_.insert(key);
    for (const auto& k : inner) keys_.insert(key + joint + k);
  }
  (*this)[key] = std::move(value);
}

void ViewList::push_back(const ViewData& item) {
  mustache::data::push_back(item);
  if (recording()) keys_.insert(item.keys().begin(), item.keys().end());
}

void ViewList::push_back(ViewData&& item) {
  if (recording()) keys_.insert(item.keys().begin(), item.keys().end());
  // kainjow's push_back copies: the item is moved into its place instead.
  mustache::data::push_back(mustache::data(mustache::data::type::invalid));
  const_cast<mustache::list&>(list_value()).back() = std::move(static_cast<mustache::data&>(item));
}

void ViewList::push_back(const mustache::object& item) {
  mustache::data::push_back(mustache::data(item));
  if (recording())
    for (const auto& [k, v] : item) keys_.insert(k);
}

void ViewList::push_back(const std::string& item) {
  mustache::data::push_back(mustache::data(item));
}

void ViewList::push_back_value(const mustache::data& item) {
  mustache::data::push_back(item);
}

namespace {

mustache::data extra_value(const nlohmann::json& j, int depth);

ViewData extra_object(const nlohmann::json& j, int depth) {
  ViewData d;
  for (const auto& [name, value] : j.items()) {
    if (value.is_object())
      d.set(name, extra_object(value, depth + 1));
    else
      d.set(name, extra_value(value, depth + 1));
  }
  return d;
}

mustache::data extra_value(const nlohmann::json& j, int depth) {
  if (depth > 16) return mustache::data(false);  // read_extra allows 8
  if (j.is_object()) return extra_object(j, depth);
  if (j.is_array()) {
    ViewList list;
    for (const auto& item : j) list.push_back_value(extra_value(item, depth + 1));
    return list;
  }
  if (j.is_boolean()) return mustache::data(j.get<bool>());
  if (j.is_null()) return mustache::data(false);
  if (j.is_string()) return mustache::data(j.get<std::string>());
  return mustache::data(j.dump());
}

}  // namespace

ViewData extra_view(const std::string& json) {
  const nlohmann::json j = nlohmann::json::parse(json, nullptr, false);
  return j.is_object() ? extra_object(j, 0) : ViewData{};
}

namespace {

// The recorder's state; guarded because rendering runs on many threads.
struct Recorded {
  std::mutex mutex;
  std::atomic<bool> active{false};  // read without the lock: a build never waits on it
  std::map<std::string, std::set<std::string>> keys;
};

Recorded& recorded() {
  static Recorded r;
  return r;
}

bool recording() {
  return recorded().active.load(std::memory_order_relaxed);
}

}  // namespace

ViewKeysRecorder::ViewKeysRecorder() {
  std::lock_guard lock(recorded().mutex);
  recorded().active = true;
  recorded().keys.clear();
}

ViewKeysRecorder::~ViewKeysRecorder() {
  std::lock_guard lock(recorded().mutex);
  recorded().active = false;
}

std::map<std::string, std::set<std::string>> ViewKeysRecorder::keys() const {
  std::lock_guard lock(recorded().mutex);
  return recorded().keys;
}

void note_view_keys(const std::string& template_name, const ViewData& view) {
  Recorded& r = recorded();
  if (!r.active) return;
  std::lock_guard lock(r.mutex);
  if (r.active) r.keys[template_name].insert(view.keys().begin(), view.keys().end());
}

}  // namespace pp
