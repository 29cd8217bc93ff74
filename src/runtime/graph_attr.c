/* Kernel node attributes: hipGraphKernelNodeSetAttribute, GetAttribute and
 * CopyAttributes.
 *
 * A kernel node keeps an L2 access policy window, a cooperative flag and a
 * priority, checked as AMD checks them (a window larger than the device's
 * accessPolicyMaxWindowSize, a hit ratio outside [0, 1], a property out of
 * range or persisting misses are hipErrorInvalidValue). They are reported
 * back and copied with the node; the devices take no hint from them. */
#include "graph.h"

static int property_ok(hipAccessProperty p) {
  return p == hipAccessPropertyNormal || p == hipAccessPropertyStreaming ||
         p == hipAccessPropertyPersisting;
}

static hipError_t check_window(const hipAccessPolicyWindow* w) {
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  if (e != hipSuccess) return e;
  if (w->num_bytes > (size_t)(dev->props.accessPolicyMaxWindowSize > 0
                                  ? dev->props.accessPolicyMaxWindowSize
                                  : 0))
    return hipErrorInvalidValue;
  if (!(w->hitRatio >= 0.0f && w->hitRatio <= 1.0f))
    return hipErrorInvalidValue;
  if (!property_ok(w->hitProp) || !property_ok(w->missProp) ||
      w->missProp == hipAccessPropertyPersisting)
    return hipErrorInvalidValue;
  return hipSuccess;
}

static int kernel_node(hipGraphNode_t n) {
  return n && hipc__node_ok(n) && n->type == hipGraphNodeTypeKernel;
}

hipError_t hipGraphKernelNodeSetAttribute(
    hipGraphNode_t hNode, hipKernelNodeAttrID attr,
    const hipKernelNodeAttrValue* value) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!value, hipErrorInvalidValue);
  hipError_t e = hipSuccess;
  if (attr == hipKernelNodeAttributeAccessPolicyWindow)
    e = check_window(&value->accessPolicyWindow);
  else if (attr != hipKernelNodeAttributeCooperative &&
           attr != hipKernelNodeAttributePriority)
    e = hipErrorInvalidValue;
  HIPC_RETURN_IF(e != hipSuccess, e);
  pthread_mutex_lock(&hipc__graph_lock);
  if (!kernel_node(hNode))
    e = hipErrorInvalidValue;
  else if (attr == hipKernelNodeAttributeAccessPolicyWindow)
    hNode->u.kernel.window = value->accessPolicyWindow;
  else if (attr == hipKernelNodeAttributeCooperative)
    hNode->u.kernel.cooperative = value->cooperative;
  else
    hNode->u.kernel.priority = value->priority;
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}

hipError_t hipGraphKernelNodeGetAttribute(hipGraphNode_t hNode,
                                          hipKernelNodeAttrID attr,
                                          hipKernelNodeAttrValue* value) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!value, hipErrorInvalidValue);
  HIPC_RETURN_IF(attr != hipKernelNodeAttributeAccessPolicyWindow &&
                     attr != hipKernelNodeAttributeCooperative &&
                     attr != hipKernelNodeAttributePriority,
                 hipErrorInvalidValue);
  hipError_t e = hipSuccess;
  pthread_mutex_lock(&hipc__graph_lock);
  if (!kernel_node(hNode))
    e = hipErrorInvalidValue;
  else if (attr == hipKernelNodeAttributeAccessPolicyWindow)
    value->accessPolicyWindow = hNode->u.kernel.window;
  else if (attr == hipKernelNodeAttributeCooperative)
    value->cooperative = hNode->u.kernel.cooperative;
  else
    value->priority = hNode->u.kernel.priority;
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}

hipError_t hipGraphKernelNodeCopyAttributes(hipGraphNode_t hSrc,
                                            hipGraphNode_t hDst) {
  HIPC_API_ENTER();
  hipError_t e = hipSuccess;
  pthread_mutex_lock(&hipc__graph_lock);
  if (!kernel_node(hSrc) || !kernel_node(hDst)) {
    e = hipErrorInvalidValue;
  } else {
    hDst->u.kernel.window = hSrc->u.kernel.window;
    hDst->u.kernel.cooperative = hSrc->u.kernel.cooperative;
    hDst->u.kernel.priority = hSrc->u.kernel.priority;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}
