import { applyDecorators } from '@nestjs/common';
import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { Envelope, EventOf, EventTopic, HandledRequestOf, RequestTopic } from '@app/contracts';
import { underContract } from './message-contract';

/** Answers a request topic. The handler receives the validated envelope; its return value is the reply. */
export const OnRequest = (topic: RequestTopic) => applyDecorators(underContract(topic), MessagePattern(topic));

/** Handles an event topic, once per consumer group (the service). */
export const OnEvent = (topic: EventTopic) => applyDecorators(underContract(topic), EventPattern(topic));

/** The message a request handler receives: `Msg<Topic.AuthLogin>`. */
export type Msg<T extends RequestTopic> = Envelope<HandledRequestOf<T>>;
/** The message an event handler receives. */
export type EventMsg<T extends EventTopic> = Envelope<EventOf<T>>;
