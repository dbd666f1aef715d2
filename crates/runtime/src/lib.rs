//! One live conversation.
