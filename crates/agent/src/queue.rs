//! Steering and follow-up queues (Pi's `steer` / `followUp` with `QueueMode`).
//!
//! The queue is shared between whoever enqueues (a mode reading user input, an extension)
//! and the loop, which drains it at Pi's drain points through [`crate::AgentHooks`].

use std::collections::VecDeque;
use std::sync::Mutex;

use tau_protocol::AgentMessage;

/// How many queued messages one drain point takes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum QueueMode {
    /// Take every queued message.
    All,
    /// Take only the oldest (Pi's default).
    #[default]
    OneAtATime,
}

#[derive(Debug, Default)]
struct Queues {
    steering: VecDeque<AgentMessage>,
    follow_up: VecDeque<AgentMessage>,
}

/// Pending steering and follow-up messages.
#[derive(Debug, Default)]
pub struct MessageQueue {
    queues: Mutex<Queues>,
    /// `(steering, follow-up)` drain modes; changeable while queued (Pi's
    /// `setSteeringMode` / `setFollowUpMode`).
    modes: Mutex<(QueueMode, QueueMode)>,
}

fn take(queue: &mut VecDeque<AgentMessage>, mode: QueueMode) -> Vec<AgentMessage> {
    match mode {
        QueueMode::All => queue.drain(..).collect(),
        QueueMode::OneAtATime => queue.pop_front().into_iter().collect(),
    }
}

impl MessageQueue {
    /// An empty queue with the given drain modes.
    pub fn new(steering_mode: QueueMode, follow_up_mode: QueueMode) -> Self {
        MessageQueue {
            queues: Mutex::default(),
            modes: Mutex::new((steering_mode, follow_up_mode)),
        }
    }

    fn modes(&self) -> (QueueMode, QueueMode) {
        *self
            .modes
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The drain modes, `(steering, follow-up)`.
    pub fn drain_modes(&self) -> (QueueMode, QueueMode) {
        self.modes()
    }

    /// Sets how steering messages are taken from now on.
    pub fn set_steering_mode(&self, mode: QueueMode) {
        self.modes.lock().unwrap_or_else(|p| p.into_inner()).0 = mode;
    }

    /// Sets how follow-up messages are taken from now on.
    pub fn set_follow_up_mode(&self, mode: QueueMode) {
        self.modes.lock().unwrap_or_else(|p| p.into_inner()).1 = mode;
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queues> {
        // A poisoned lock only means another thread panicked mid-push; the deque is intact.
        self.queues
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Queues a message for the next steering drain point.
    pub fn steer(&self, message: AgentMessage) {
        self.lock().steering.push_back(message);
    }

    /// Queues a message for when the run would otherwise stop.
    pub fn follow_up(&self, message: AgentMessage) {
        self.lock().follow_up.push_back(message);
    }

    /// Takes steering messages as the steering mode says.
    pub fn take_steering(&self) -> Vec<AgentMessage> {
        let mode = self.modes().0;
        take(&mut self.lock().steering, mode)
    }

    /// Takes follow-up messages as the follow-up mode says.
    pub fn take_follow_up(&self) -> Vec<AgentMessage> {
        let mode = self.modes().1;
        take(&mut self.lock().follow_up, mode)
    }

    /// Removes everything, returning (steering, follow-up).
    pub fn clear(&self) -> (Vec<AgentMessage>, Vec<AgentMessage>) {
        let mut queues = self.lock();
        (
            queues.steering.drain(..).collect(),
            queues.follow_up.drain(..).collect(),
        )
    }

    /// The queued messages, (steering, follow-up), oldest first.
    pub fn snapshot(&self) -> (Vec<AgentMessage>, Vec<AgentMessage>) {
        let queues = self.lock();
        (
            queues.steering.iter().cloned().collect(),
            queues.follow_up.iter().cloned().collect(),
        )
    }

    /// True when nothing is queued.
    pub fn is_empty(&self) -> bool {
        let queues = self.lock();
        queues.steering.is_empty() && queues.follow_up.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tau_protocol::UserMessage;

    fn msg(text: &str) -> AgentMessage {
        // A fixed timestamp, so two calls build equal messages.
        AgentMessage::User(UserMessage {
            timestamp: 1,
            ..UserMessage::text(text)
        })
    }

    #[test]
    fn one_at_a_time_takes_oldest_and_all_takes_everything() {
        let queue = MessageQueue::new(QueueMode::OneAtATime, QueueMode::All);
        queue.steer(msg("a"));
        queue.steer(msg("b"));
        queue.follow_up(msg("c"));
        queue.follow_up(msg("d"));
        assert_eq!(queue.take_steering(), vec![msg("a")]);
        assert_eq!(queue.take_follow_up(), vec![msg("c"), msg("d")]);
        assert_eq!(queue.take_steering(), vec![msg("b")]);
        assert!(queue.is_empty());
    }
}
