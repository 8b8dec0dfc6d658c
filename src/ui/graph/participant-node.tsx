import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';

export type ParticipantRole = 'idle' | 'sender' | 'receiver' | 'working' | 'failed';

export type ParticipantNodeData = {
  label: string;
  subtitle: string;
  detail?: string;
  role: ParticipantRole;
  /** The narrow layout's smaller node (a phone). */
  compact?: boolean;
  /** A narrower node in the wide layout (graph-layout.ts, SLIM_NODES). */
  slim?: boolean;
};

export type ParticipantNodeType = Node<ParticipantNodeData, 'participant'>;

const ROLE_CLASSES: Record<ParticipantRole, string> = {
  idle: 'border-slate-300 bg-white text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
  sender: 'border-sky-500 bg-sky-50 text-slate-900 ring-4 ring-sky-200 dark:bg-sky-950 dark:text-slate-100 dark:ring-sky-800',
  receiver: 'border-emerald-500 bg-emerald-50 text-slate-900 ring-4 ring-emerald-200 dark:bg-emerald-950 dark:text-slate-100 dark:ring-emerald-800',
  working: 'border-amber-500 bg-amber-50 text-slate-900 ring-4 ring-amber-200 dark:bg-amber-950 dark:text-slate-100 dark:ring-amber-800',
  failed: 'border-red-600 bg-red-50 text-slate-900 ring-4 ring-red-200 dark:bg-red-950 dark:text-slate-100 dark:ring-red-800',
};

const ROLE_WORDS: Record<ParticipantRole, string> = {
  idle: '',
  sender: 'sending',
  receiver: 'receiving',
  working: 'working',
  failed: 'failed here',
};

const hiddenHandle = '!h-1 !w-1 !min-h-0 !min-w-0 !border-0 !bg-transparent';

function ParticipantNodeView({ data }: NodeProps<ParticipantNodeType>) {
  return (
    <div
      className={`relative ${data.compact ? 'w-40 px-3 py-2' : data.slim ? 'w-44 px-3.5 py-2' : 'w-64 px-3.5 py-2'} rounded-xl border-2 shadow-sm transition-colors duration-300 ${ROLE_CLASSES[data.role]}`}
      data-role={data.role}
    >
      <Handle type="target" position={Position.Left} id="left" className={hiddenHandle} isConnectable={false} />
      <Handle type="target" position={Position.Top} id="top" className={hiddenHandle} isConnectable={false} />
      <div className="text-base font-semibold" data-node-name="">
        {data.label}
      </div>
      {/* On the border, out of the label's way: a label that wrapped when the badge came would resize the node on every step. */}
      {data.role !== 'idle' && (
        <span
          className={`absolute -top-2.5 right-3 rounded-full ${data.role === 'failed' ? 'bg-red-700' : 'bg-slate-900 dark:bg-slate-700'} px-2 py-0.5 text-[10px] font-medium tracking-wide text-white uppercase`}
        >
          {ROLE_WORDS[data.role]}
        </span>
      )}
      {/* 14 px: drawn at a zoom of 0.86 or more (graph-layout.ts), 12 px or more on the screen. A phone's compact node has its name only. */}
      {!data.compact && (
        <>
          <div className="mt-0.5 text-sm leading-snug text-slate-600 dark:text-slate-300" data-subtitle="">
            {data.subtitle}
          </div>
          {data.detail && (
            <div className="mt-0.5 truncate font-mono text-sm text-slate-500 dark:text-slate-400" title={data.detail} data-subtitle="">
              {data.detail}
            </div>
          )}
        </>
      )}
      <Handle type="source" position={Position.Right} id="right" className={hiddenHandle} isConnectable={false} />
      <Handle type="source" position={Position.Bottom} id="bottom" className={hiddenHandle} isConnectable={false} />
    </div>
  );
}

export const ParticipantNode = memo(ParticipantNodeView);
